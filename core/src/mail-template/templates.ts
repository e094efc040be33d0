/** The mail templates' texts: each template's subject and body in the three languages, and its variables. */
import type { MessageTexts } from '../errors/message-table'
import type { Language } from '../i18n/language'

/** A mail's subject and content; `{name}` marks a variable. */
export type MailText = { readonly subject: string; readonly content: string }

type Definition = {
  /** What the mail is, as the templates screen names it. */
  readonly label: MessageTexts
  /** The variables its subject and content may use, each with what it holds. */
  readonly variables: Readonly<Record<string, MessageTexts>>
  /** The product's own text in each language, used until an administrator rewrites it. */
  readonly texts: Readonly<Record<Language, MailText>>
}

const v = (en: string, es: string, fr: string): MessageTexts => ({ en, es, fr })
const NAME = v('The person written to', 'La persona destinataria', 'La personne destinataire')
const LINK = v('The link to open in Procura', 'El enlace a abrir en Procura', 'Le lien à ouvrir dans Procura')
const DOCUMENT = v(
  'The document, named in the reader’s language ("Purchase order PO-…")',
  'El documento, nombrado en el idioma del lector',
  'Le document, nommé dans la langue du lecteur',
)
const SUPPLIER = v('The supplier’s name', 'El nombre del proveedor', 'Le nom du fournisseur')

/**
 * Every mail Procura sends, with its variables and its text per language (spec §3 "Mail
 * template: subject, content, available variables"). An administrator may rewrite any of them per
 * language (checked by mailTemplateIssues); the service falls back on these texts.
 */
export const MAIL_TEMPLATES = {
  password_reset: {
    label: v(
      'Password reset link',
      'Enlace para restablecer la contraseña',
      'Lien de réinitialisation du mot de passe',
    ),
    variables: {
      name: NAME,
      link: LINK,
      minutes: v(
        'How long the link works (minutes)',
        'Validez del enlace (minutos)',
        'Durée de validité du lien (minutes)',
      ),
    },
    texts: {
      en: {
        subject: 'Procura: reset your password',
        content:
          'Hello {name},\n\nTo choose a new password, open this link within {minutes} minutes:\n{link}\n\nIf you did not ask for it, ignore this message: your password stays as it is.\n',
      },
      es: {
        subject: 'Procura: restablezca su contraseña',
        content:
          'Hola {name}:\n\nPara elegir una nueva contraseña, abra este enlace en los próximos {minutes} minutos:\n{link}\n\nSi no lo ha solicitado, ignore este mensaje: su contraseña no cambia.\n',
      },
      fr: {
        subject: 'Procura : réinitialisez votre mot de passe',
        content:
          'Bonjour {name},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien dans les {minutes} minutes :\n{link}\n\nSi vous ne l’avez pas demandé, ignorez ce message : votre mot de passe ne change pas.\n',
      },
    },
  },
  validation_request: {
    label: v(
      'A document waits for validation',
      'Un documento espera validación',
      'Un document attend une validation',
    ),
    variables: {
      name: NAME,
      document: DOCUMENT,
      amount: v('Its amount with its currency', 'Su importe con su moneda', 'Son montant avec sa devise'),
      onBehalf: v(
        'For a delegate: the line naming whom they stand in for',
        'Para un delegado: la línea que nombra a quién sustituye',
        'Pour un délégué : la ligne nommant qui il remplace',
      ),
      decisionLinks: v(
        'The lines with the "Validate" and "Refuse" links (empty when the settings give no links)',
        'Las líneas con los enlaces «Validar» y «Rechazar» (vacías si los parámetros no dan enlaces)',
        'Les lignes des liens « Valider » et « Refuser » (vides quand les paramètres n’en donnent pas)',
      ),
      link: LINK,
    },
    texts: {
      en: {
        subject: 'Procura: {document} waits for your validation',
        content:
          'Hello {name},\n\n{document} ({amount}) waits for your validation.\n{onBehalf}{decisionLinks}Open it: {link}\n',
      },
      es: {
        subject: 'Procura: {document} espera su validación',
        content:
          'Hola {name}:\n\n{document} ({amount}) espera su validación.\n{onBehalf}{decisionLinks}Enlace: {link}\n',
      },
      fr: {
        subject: 'Procura : {document} attend votre validation',
        content:
          'Bonjour {name},\n\n{document} ({amount}) attend votre validation.\n{onBehalf}{decisionLinks}Lien : {link}\n',
      },
    },
  },
  decision_approved: {
    label: v('A document is approved', 'Un documento está aprobado', 'Un document est approuvé'),
    variables: {
      name: NAME,
      document: DOCUMENT,
      by: v('Who approved it', 'Quién lo aprobó', 'Qui l’a approuvé'),
      link: LINK,
    },
    texts: {
      en: {
        subject: 'Procura: {document} is approved',
        content: 'Hello {name},\n\n{document} has been approved by {by}.\nOpen it: {link}\n',
      },
      es: {
        subject: 'Procura: {document}, aprobación',
        content: 'Hola {name}:\n\n{document}: aprobación de {by}.\nEnlace: {link}\n',
      },
      fr: {
        subject: 'Procura : {document}, approbation',
        content: 'Bonjour {name},\n\n{document} : approbation de {by}.\nLien : {link}\n',
      },
    },
  },
  decision_refused: {
    label: v('A document is refused', 'Un documento está rechazado', 'Un document est refusé'),
    variables: {
      name: NAME,
      document: DOCUMENT,
      by: v('Who refused it', 'Quién lo rechazó', 'Qui l’a refusé'),
      reason: v('The reason given', 'El motivo indicado', 'Le motif donné'),
      link: LINK,
    },
    texts: {
      en: {
        subject: 'Procura: {document} is refused',
        content:
          'Hello {name},\n\n{document} has been refused by {by}:\n\n  {reason}\n\nYou may change it and submit it again: {link}\n',
      },
      es: {
        subject: 'Procura: {document}, rechazo',
        content:
          'Hola {name}:\n\n{document}: rechazo de {by}:\n\n  {reason}\n\nPuede modificarlo y enviarlo de nuevo: {link}\n',
      },
      fr: {
        subject: 'Procura : {document}, refus',
        content:
          'Bonjour {name},\n\n{document} : refus de {by} :\n\n  {reason}\n\nVous pouvez le modifier et le soumettre à nouveau : {link}\n',
      },
    },
  },
  files_expiring: {
    label: v(
      'Supplier documents expiring soon',
      'Documentos de proveedor que caducan pronto',
      'Documents fournisseur bientôt expirés',
    ),
    variables: {
      name: NAME,
      supplier: SUPPLIER,
      files: v('The documents, one per line', 'Los documentos, uno por línea', 'Les documents, un par ligne'),
      link: LINK,
    },
    texts: {
      en: {
        subject: 'Procura: documents of {supplier} expire soon',
        content:
          'Hello {name},\n\nThese documents of {supplier} expire soon; ask the supplier for new ones:\n{files}\n\n{link}\n',
      },
      es: {
        subject: 'Procura: documentos de {supplier} caducan pronto',
        content:
          'Hola {name}:\n\nEstos documentos de {supplier} caducan pronto; pida otros nuevos al proveedor:\n{files}\n\n{link}\n',
      },
      fr: {
        subject: 'Procura : des documents de {supplier} expirent bientôt',
        content:
          'Bonjour {name},\n\nCes documents de {supplier} expirent bientôt ; demandez-en de nouveaux au fournisseur :\n{files}\n\n{link}\n',
      },
    },
  },
  contract_notice: {
    label: v(
      'A contract’s notice deadline is near',
      'Se acerca el plazo de preaviso de un contrato',
      'L’échéance de préavis d’un contrat approche',
    ),
    variables: {
      name: NAME,
      supplier: SUPPLIER,
      contract: v('The contract', 'El contrato', 'Le contrat'),
      deadline: v('The notice deadline', 'La fecha límite de preaviso', 'La date limite de préavis'),
      end: v('The contract’s end', 'El fin del contrato', 'La fin du contrat'),
      link: LINK,
    },
    texts: {
      en: {
        subject: 'Procura: notice for the contract {contract} of {supplier}',
        content:
          'Hello {name},\n\nThe contract {contract} of {supplier} ends on {end}. To stop it, give notice by {deadline}; otherwise it goes on as agreed.\n\n{link}\n',
      },
      es: {
        subject: 'Procura: preaviso del contrato {contract} de {supplier}',
        content:
          'Hola {name}:\n\nEl contrato {contract} de {supplier} termina el {end}. Para rescindirlo, dé el preaviso antes del {deadline}; si no, continúa según lo acordado.\n\n{link}\n',
      },
      fr: {
        subject: 'Procura : préavis du contrat {contract} de {supplier}',
        content:
          'Bonjour {name},\n\nLe contrat {contract} de {supplier} se termine le {end}. Pour y mettre fin, donnez votre préavis avant le {deadline} ; sinon il se poursuit comme convenu.\n\n{link}\n',
      },
    },
  },
  portal_invitation: {
    label: v(
      'Invitation to the supplier portal',
      'Invitación al portal de proveedores',
      'Invitation au portail fournisseurs',
    ),
    variables: {
      name: NAME,
      company: v('Your organisation', 'Su organización', 'Votre organisation'),
      supplier: SUPPLIER,
      days: v(
        'How long the link works (days)',
        'Validez del enlace (días)',
        'Durée de validité du lien (jours)',
      ),
      link: LINK,
      login: v('The contact’s login', 'El usuario del contacto', 'L’identifiant du contact'),
    },
    texts: {
      en: {
        subject: 'Procura: {company} invites you to its supplier portal',
        content:
          'Hello {name},\n\n{company} invites you to follow its orders to {supplier} and send the documents it asks for. Choose your password within {days} days:\n{link}\n\nYour login is {login}.\n',
      },
      es: {
        subject: 'Procura: {company} le invita a su portal de proveedores',
        content:
          'Hola {name}:\n\n{company} le invita a seguir sus pedidos a {supplier} y enviar los documentos que solicita. Elija su contraseña en los próximos {days} días:\n{link}\n\nSu usuario es {login}.\n',
      },
      fr: {
        subject: 'Procura : {company} vous invite sur son portail fournisseurs',
        content:
          'Bonjour {name},\n\n{company} vous invite à suivre ses commandes à {supplier} et à envoyer les documents demandés. Choisissez votre mot de passe dans les {days} jours :\n{link}\n\nVotre identifiant est {login}.\n',
      },
    },
  },
  actions_to_do: {
    label: v(
      'Digest of actions to do',
      'Resumen de acciones pendientes',
      'Récapitulatif des actions à faire',
    ),
    variables: {
      name: NAME,
      count: v('How many actions wait', 'Cuántas acciones esperan', 'Combien d’actions attendent'),
      actions: v(
        'The actions, one kind per line',
        'Las acciones, un tipo por línea',
        'Les actions, un type par ligne',
      ),
      link: LINK,
    },
    texts: {
      en: {
        subject: 'Procura: {count} actions wait for you',
        content:
          'Hello {name},\n\nHere is what waits for you in Procura:\n{actions}\n\n{link}\n\nYou choose whether this digest comes on your Notifications tab.\n',
      },
      es: {
        subject: 'Procura: {count} acciones le esperan',
        content:
          'Hola {name}:\n\nEsto es lo que le espera en Procura:\n{actions}\n\n{link}\n\nUsted elige si recibe este resumen en su pestaña Notificaciones.\n',
      },
      fr: {
        subject: 'Procura : {count} actions vous attendent',
        content:
          'Bonjour {name},\n\nVoici ce qui vous attend dans Procura :\n{actions}\n\n{link}\n\nVous choisissez de recevoir ou non ce récapitulatif dans votre onglet Notifications.\n',
      },
    },
  },
  notification: {
    label: v('A notification by e-mail', 'Una notificación por correo', 'Une notification par courriel'),
    variables: {
      name: NAME,
      text: v('What the notification says', 'Lo que dice la notificación', 'Ce que dit la notification'),
      link: LINK,
    },
    texts: {
      en: {
        subject: 'Procura: {text}',
        content:
          'Hello {name},\n\n{text}\n\n{link}\n\nYou choose where each notification reaches you on your Notifications tab.\n',
      },
      es: {
        subject: 'Procura: {text}',
        content:
          'Hola {name}:\n\n{text}\n\n{link}\n\nUsted elige dónde le llega cada notificación en su pestaña Notificaciones.\n',
      },
      fr: {
        subject: 'Procura : {text}',
        content:
          'Bonjour {name},\n\n{text}\n\n{link}\n\nVous choisissez où chaque notification vous parvient dans votre onglet Notifications.\n',
      },
    },
  },
  agreement_expiring: {
    label: v(
      'A framework agreement ends soon',
      'Un acuerdo marco termina pronto',
      'Un accord-cadre arrive à échéance',
    ),
    variables: {
      name: NAME,
      agreement: v(
        'The agreement’s number and label',
        'El número y la etiqueta del acuerdo',
        'Le numéro et le libellé de l’accord',
      ),
      supplier: SUPPLIER,
      end: v('Its last day', 'Su último día', 'Son dernier jour'),
      used: v('How much of it was ordered (%)', 'Cuánto se ha pedido (%)', 'La part commandée (%)'),
      link: LINK,
    },
    texts: {
      en: {
        subject: 'Procura: the agreement {agreement} with {supplier} ends on {end}',
        content:
          'Hello {name},\n\nThe framework agreement {agreement} with {supplier} ends on {end}; {used} % of it was ordered. Renew it or prepare the next one before then.\n\n{link}\n',
      },
      es: {
        subject: 'Procura: el acuerdo {agreement} con {supplier} termina el {end}',
        content:
          'Hola {name}:\n\nEl acuerdo marco {agreement} con {supplier} termina el {end}; se ha pedido el {used} %. Renuévelo o prepare el siguiente antes de esa fecha.\n\n{link}\n',
      },
      fr: {
        subject: 'Procura : l’accord {agreement} avec {supplier} prend fin le {end}',
        content:
          'Bonjour {name},\n\nL’accord-cadre {agreement} avec {supplier} prend fin le {end} ; {used} % en ont été commandés. Renouvelez-le ou préparez le suivant d’ici là.\n\n{link}\n',
      },
    },
  },
  rfq_invitation: {
    label: v(
      'A request for quotation sent to a supplier',
      'Una solicitud de cotización enviada a un proveedor',
      'Une demande de prix envoyée à un fournisseur',
    ),
    variables: {
      name: NAME,
      rfq: v(
        'The request’s number and title',
        'El número y el título de la solicitud',
        'Le numéro et l’objet de la demande',
      ),
      company: v('The buying company', 'La empresa compradora', 'La société acheteuse'),
      deadline: v(
        'The last day answers are taken',
        'El último día para responder',
        'Le dernier jour pour répondre',
      ),
      buyer: v('The buyer who asks', 'El comprador que solicita', 'L’acheteur qui demande'),
      link: LINK,
    },
    texts: {
      en: {
        subject: 'Request for quotation {rfq} — answer by {deadline}',
        content:
          'Hello {name},\n\n{company} asks for your prices on the lines of the attached request for quotation {rfq}. Please answer by {deadline}: through the supplier portal ({link}) or by sending your quotation to {buyer}. Answers received after that day are not taken.\n\nKind regards,\n{buyer}\n',
      },
      es: {
        subject: 'Solicitud de cotización {rfq}: responda antes del {deadline}',
        content:
          'Hola {name}:\n\n{company} le solicita sus precios para las líneas de la solicitud de cotización {rfq} adjunta. Responda antes del {deadline}: en el portal de proveedores ({link}) o enviando su cotización a {buyer}. Las respuestas recibidas después de esa fecha no se tienen en cuenta.\n\nAtentamente,\n{buyer}\n',
      },
      fr: {
        subject: 'Demande de prix {rfq} — réponse avant le {deadline}',
        content:
          'Bonjour {name},\n\n{company} vous demande vos prix pour les lignes de la demande de prix {rfq} jointe. Merci de répondre au plus tard le {deadline} : sur le portail fournisseurs ({link}) ou en adressant votre offre à {buyer}. Les réponses reçues après cette date ne sont pas prises en compte.\n\nCordialement,\n{buyer}\n',
      },
    },
  },
  rfq_not_awarded: {
    label: v(
      'A supplier told its quotation was not chosen',
      'Un proveedor informado de que su cotización no fue elegida',
      'Un fournisseur informé que son offre n’est pas retenue',
    ),
    variables: {
      name: NAME,
      rfq: v(
        'The request’s number and title',
        'El número y el título de la solicitud',
        'Le numéro et l’objet de la demande',
      ),
      company: v('The buying company', 'La empresa compradora', 'La société acheteuse'),
      buyer: v('The buyer', 'El comprador', 'L’acheteur'),
    },
    texts: {
      en: {
        subject: 'Request for quotation {rfq}: your quotation was not chosen',
        content:
          'Hello {name},\n\nThank you for answering the request for quotation {rfq}. {company} has chosen another offer this time. We look forward to your next quotations.\n\nKind regards,\n{buyer}\n',
      },
      es: {
        subject: 'Solicitud de cotización {rfq}: su cotización no fue elegida',
        content:
          'Hola {name}:\n\nGracias por responder a la solicitud de cotización {rfq}. {company} ha elegido otra oferta en esta ocasión. Esperamos sus próximas cotizaciones.\n\nAtentamente,\n{buyer}\n',
      },
      fr: {
        subject: 'Demande de prix {rfq} : votre offre n’est pas retenue',
        content:
          'Bonjour {name},\n\nMerci d’avoir répondu à la demande de prix {rfq}. {company} a retenu une autre offre cette fois-ci. Nous attendons avec intérêt vos prochaines offres.\n\nCordialement,\n{buyer}\n',
      },
    },
  },
  order_sending: {
    label: v(
      'A purchase order sent to its supplier',
      'Un pedido enviado a su proveedor',
      'Une commande envoyée à son fournisseur',
    ),
    variables: {
      code: v('The order’s number', 'El número del pedido', 'Le numéro de la commande'),
      buyer: v('The buyer’s name', 'El nombre del comprador', 'Le nom de l’acheteur'),
    },
    texts: {
      en: {
        subject: 'Purchase order {code}',
        content: 'Hello,\n\nPlease find attached our purchase order {code}.\n\nBest regards,\n{buyer}\n',
      },
      es: {
        subject: 'Pedido de compra {code}',
        content: 'Buenos días:\n\nAdjuntamos nuestro pedido de compra {code}.\n\nAtentamente,\n{buyer}\n',
      },
      fr: {
        subject: 'Bon de commande {code}',
        content:
          'Bonjour,\n\nVeuillez trouver ci-joint notre bon de commande {code}.\n\nCordialement,\n{buyer}\n',
      },
    },
  },
} as const satisfies Record<string, Definition>

export type MailTemplateKey = keyof typeof MAIL_TEMPLATES
export const MAIL_TEMPLATE_KEYS = Object.keys(MAIL_TEMPLATES) as MailTemplateKey[]

export const isMailTemplateKey = (key: string): key is MailTemplateKey => Object.hasOwn(MAIL_TEMPLATES, key)
