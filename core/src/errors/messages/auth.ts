import type { MessageTable } from '../message-table'

/** Sign-in and passwords (both catalogues, "Login and passwords"). */
export const AUTH_MESSAGES = {
  INVALID_CREDENTIALS: {
    en: 'Invalid username and/or password',
    es: 'Usuario y/o contraseña no válidos',
    fr: 'Identifiant et/ou mot de passe invalide',
  },
  TOO_MANY_ATTEMPTS: {
    en: 'Too many attempts, retry in {seconds} seconds',
    es: 'Demasiados intentos, vuelva a intentarlo dentro de {seconds} segundos',
    fr: 'Trop de tentatives, réessayez dans {seconds} secondes',
  },
  LAST_USER_MANAGER: {
    en: 'Nobody active could manage users any more: keep "{permission}" on a role that an active user holds, or grant it to someone first.',
    es: 'Nadie activo podría ya gestionar los usuarios: mantenga "{permission}" en un rol que tenga un usuario activo, o concédalo antes a alguien.',
    fr: 'Plus personne d’actif ne pourrait gérer les utilisateurs : gardez « {permission} » sur un rôle détenu par un utilisateur actif, ou accordez-la d’abord à quelqu’un.',
  },
  ACCOUNT_INACTIVE: {
    en: 'User account not active',
    es: 'Cuenta de usuario no activa',
    fr: 'Compte utilisateur inactif',
  },
  SSO_NO_IDENTITY: {
    en: 'The single sign-on provider did not say who you are (no {claim}). Ask your administrator.',
    es: 'El proveedor de inicio de sesión único no indicó quién es usted (falta {claim}). Consulte a su administrador.',
    fr: 'Le fournisseur d’authentification unique n’a pas dit qui vous êtes ({claim} absent). Adressez-vous à votre administrateur.',
  },
  SSO_UNKNOWN_USER: {
    en: 'You are signed in with your organisation, but you have no Procura account. Ask your administrator for one.',
    es: 'Ha iniciado sesión con su organización, pero no tiene cuenta en Procura. Pida una a su administrador.',
    fr: 'Vous êtes connecté avec votre organisation, mais vous n’avez pas de compte Procura. Demandez-en un à votre administrateur.',
  },
  SSO_FAILED: {
    en: 'Single sign-on did not complete ({reason}). Try again.',
    es: 'El inicio de sesión único no se completó ({reason}). Vuelva a intentarlo.',
    fr: 'L’authentification unique n’a pas abouti ({reason}). Réessayez.',
  },
  SSO_NOT_CONFIGURED: {
    en: 'Single sign-on is not configured: set the provider, the client id and the client secret in the customer settings.',
    es: 'El inicio de sesión único no está configurado: indique el proveedor, el id y el secreto de cliente en los parámetros del cliente.',
    fr: 'L’authentification unique n’est pas configurée : renseignez le fournisseur, l’identifiant et le secret client dans les paramètres client.',
  },
  CLASSIC_LOGIN_DISABLED: {
    en: 'Sign in with single sign-on: classic sign-in is turned off.',
    es: 'Inicie sesión con el inicio de sesión único: el inicio de sesión clásico está desactivado.',
    fr: "Connectez-vous par l'authentification unique : la connexion classique est désactivée.",
  },
  RESET_TOKEN_INVALID: {
    en: 'This password reset link is invalid.',
    es: 'Este enlace de restablecimiento de contraseña no es válido.',
    fr: 'Ce lien de réinitialisation du mot de passe est invalide.',
  },
  RESET_USER_UNKNOWN: {
    en: 'No user matches this login or e-mail address.',
    es: 'Ningún usuario corresponde a este identificador o correo electrónico.',
    fr: 'Aucun utilisateur ne correspond à cet identifiant ou à cette adresse e-mail.',
  },
  PASSWORD_TOO_SHORT: {
    en: 'The password must have at least {min} characters.',
    es: 'La contraseña debe tener al menos {min} caracteres.',
    fr: 'Le mot de passe doit contenir au moins {min} caractères.',
  },
  PASSWORD_NEEDS_LOWERCASE: {
    en: 'The password must contain a lowercase letter.',
    es: 'La contraseña debe contener una letra minúscula.',
    fr: 'Le mot de passe doit contenir une lettre minuscule.',
  },
  PASSWORD_NEEDS_UPPERCASE: {
    en: 'The password must contain an uppercase letter.',
    es: 'La contraseña debe contener una letra mayúscula.',
    fr: 'Le mot de passe doit contenir une lettre majuscule.',
  },
  PASSWORD_NEEDS_DIGIT: {
    en: 'The password must contain a digit.',
    es: 'La contraseña debe contener una cifra.',
    fr: 'Le mot de passe doit contenir un chiffre.',
  },
  PASSWORD_NEEDS_SYMBOL: {
    en: 'The password must contain a symbol.',
    es: 'La contraseña debe contener un símbolo.',
    fr: 'Le mot de passe doit contenir un symbole.',
  },
  PASSWORD_SAME_AS_CURRENT: {
    en: 'The new password must differ from the current one.',
    es: 'La nueva contraseña debe ser distinta de la actual.',
    fr: "Le nouveau mot de passe doit être différent de l'actuel.",
  },
  PASSWORD_CURRENT_MISMATCH: {
    en: 'The current password is not correct.',
    es: 'La contraseña actual no es correcta.',
    fr: "Le mot de passe actuel n'est pas correct.",
  },
  PASSWORD_CONFIRMATION_MISMATCH: {
    en: 'The password confirmation does not match.',
    es: 'La confirmación de la contraseña no coincide.',
    fr: 'La confirmation du mot de passe ne correspond pas.',
  },
  PASSWORD_EXPIRED: {
    en: 'Your password has expired: please choose a new one.',
    es: 'Su contraseña ha caducado: elija una nueva.',
    fr: 'Votre mot de passe a expiré : veuillez en choisir un nouveau.',
  },
  SETUP_DONE: {
    en: 'This installation is already set up: sign in with an administrator account.',
    es: 'Esta instalación ya está configurada: inicie sesión con una cuenta de administrador.',
    fr: 'Cette installation est déjà configurée : connectez-vous avec un compte administrateur.',
  },
  INVITE_NEEDS_MAIL_SERVER: {
    en: 'An e-mailed link needs a mail server: give its address, or choose a password now.',
    es: 'Un enlace por correo necesita un servidor de correo: indique su dirección o elija ahora una contraseña.',
    fr: 'Un lien par e-mail demande un serveur de messagerie : indiquez son adresse, ou choisissez un mot de passe maintenant.',
  },
  MAIL_SERVER_UNREACHABLE: {
    en: 'The test mail could not be sent through this server ({reason}): check its address, port and credentials.',
    es: 'No se pudo enviar el correo de prueba por este servidor ({reason}): compruebe su dirección, puerto y credenciales.',
    fr: "Le message de test n'a pas pu partir par ce serveur ({reason}) : vérifiez son adresse, son port et ses identifiants.",
  },
} as const satisfies MessageTable
