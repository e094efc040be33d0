import type { MessageTable } from '../message-table'

/** Budget, stock, suppliers, expenses, circuits, imports and the rest of the catalogues. */
export const OTHER_MESSAGES = {
  BUDGET_ALREADY_EXISTS: {
    en: 'A budget already exists for this combination of allocations.',
    es: 'Ya existe un presupuesto para esta combinación de imputaciones.',
    fr: 'Un budget existe déjà pour cette combinaison d’imputations.',
  },
  BUDGET_KEY_INVALID: {
    en: 'This budget key is not valid.',
    es: 'Esta clave de presupuesto no es válida.',
    fr: "Cette clé budgétaire n'est pas valide.",
  },
  BUDGET_OVERRUN_WARNING: {
    en: 'Budget {budget} is overrun by {amount}. Send or validate anyway?',
    es: 'El presupuesto {budget} se supera en {amount}. ¿Enviar o validar de todos modos?',
    fr: 'Le budget {budget} est dépassé de {amount}. Envoyer ou valider quand même ?',
  },
  BUDGET_IN_USE: {
    en: 'Budget {budget} was moved by {count} documents: it cannot be deleted.',
    es: 'El presupuesto {budget} tiene {count} movimientos de documentos: no se puede eliminar.',
    fr: 'Le budget {budget} a été mouvementé par {count} documents : il ne peut pas être supprimé.',
  },
  FISCAL_PERIOD_IN_USE: {
    en: 'The period {period} has {count} budgets: disable it instead.',
    es: 'El ejercicio {period} tiene {count} presupuestos: desactívelo en su lugar.',
    fr: "L'exercice {period} a {count} budgets : désactivez-le plutôt.",
  },
  FISCAL_PERIOD_OVERLAP: {
    en: 'This period overlaps {period}.',
    es: 'Este ejercicio se solapa con {period}.',
    fr: 'Cet exercice chevauche {period}.',
  },
  ALLOCATION_IN_USE: {
    en: 'The code {code} is used by {count} budgets or codes: disable it instead.',
    es: 'El código {code} lo usan {count} presupuestos o códigos: desactívelo en su lugar.',
    fr: 'Le code {code} est utilisé par {count} budgets ou codes : désactivez-le plutôt.',
  },
  ALLOCATION_PARENT_LEVEL: {
    en: 'The parent must be a code of the level above.',
    es: 'El padre debe ser un código del nivel superior.',
    fr: 'Le parent doit être un code du niveau supérieur.',
  },
  BUDGET_OVERRUN_BLOCKED: {
    en: 'Budget {budget} is overrun by {amount}: this action is blocked.',
    es: 'El presupuesto {budget} se supera en {amount}: esta acción está bloqueada.',
    fr: 'Le budget {budget} est dépassé de {amount} : cette action est bloquée.',
  },
  STOCK_ADJUSTMENT_NEGATIVE: {
    en: 'The adjusted quantity must be 0 or more.',
    es: 'La cantidad ajustada debe ser 0 o más.',
    fr: 'La quantité ajustée doit être supérieure ou égale à 0.',
  },
  STOCK_MOVE_SAME_STOCK: {
    en: 'The start and end stocks of a move must differ.',
    es: 'El stock de origen y el de destino deben ser distintos.',
    fr: "Les stocks de départ et d'arrivée doivent être différents.",
  },
  ARTICLE_NOT_ACTIVE: {
    en: 'Only active articles may be added to stock.',
    es: 'Solo los artículos activos pueden entrar en stock.',
    fr: 'Seuls les articles actifs peuvent entrer en stock.',
  },
  ARTICLE_NOT_INTERNAL: {
    en: 'Only internal articles may leave stock.',
    es: 'Solo los artículos internos pueden salir del stock.',
    fr: 'Seuls les articles internes peuvent sortir du stock.',
  },
  INTERNAL_STATUS_BLOCKED: {
    en: 'Stocks or affiliated items must be cleared before changing the internal status.',
    es: 'Hay que vaciar el stock o los artículos afiliados antes de cambiar el estado interno.',
    fr: 'Les stocks ou les articles affiliés doivent être vidés avant de changer le statut interne.',
  },
  PRODUCT_ALREADY_REFERENCED: {
    en: 'Product already referenced',
    es: 'Producto ya referenciado',
    fr: 'Produit déjà référencé',
  },
  INVALID_SIRET: {
    en: 'A SIRET has 14 digits with a valid check digit.',
    es: 'Un SIRET tiene 14 cifras con un dígito de control válido.',
    fr: 'Un SIRET comporte 14 chiffres avec une clé de contrôle valide.',
  },
  INVALID_URL: {
    en: 'Enter a web address starting with http:// or https://.',
    es: 'Indique una dirección web que empiece por http:// o https://.',
    fr: 'Saisissez une adresse web commençant par http:// ou https://.',
  },
  INVALID_DUNS: {
    en: 'A DUNS number has 9 digits.',
    es: 'Un número DUNS tiene 9 cifras.',
    fr: 'Un numéro DUNS comporte 9 chiffres.',
  },
  INVALID_VAT_NUMBER: {
    en: 'This intra-community VAT number does not match the format of {country}.',
    es: 'Este número de IVA intracomunitario no corresponde al formato de {country}.',
    fr: 'Ce numéro de TVA intracommunautaire ne correspond pas au format de {country}.',
  },
  INVALID_IBAN: {
    en: 'This IBAN is not valid.',
    es: 'Este IBAN no es válido.',
    fr: "Cet IBAN n'est pas valide.",
  },
  INVALID_BIC: {
    en: 'This BIC is not valid.',
    es: 'Este BIC no es válido.',
    fr: "Ce BIC n'est pas valide.",
  },
  BANK_ACCOUNT_SAME_PERSON: {
    en: 'A bank account is validated by someone else than the person who entered or changed it.',
    es: 'Una cuenta bancaria la valida otra persona distinta de quien la introdujo o modificó.',
    fr: 'Un compte bancaire est validé par une autre personne que celle qui l’a saisi ou modifié.',
  },
  IBAN_SHARED_REASON_REQUIRED: {
    en: 'This supplier is paid on an account {suppliers} is paid on too: check it with the supplier, then say why you pay it.',
    es: 'Este proveedor cobra en una cuenta en la que también cobra {suppliers}: verifíquela con el proveedor y diga por qué la paga.',
    fr: 'Ce fournisseur est payé sur un compte où {suppliers} est payé aussi : vérifiez-le auprès du fournisseur, puis dites pourquoi vous le payez.',
  },
  IBAN_REQUIRED: {
    en: 'At least one valid IBAN is required.',
    es: 'Se requiere al menos un IBAN válido.',
    fr: 'Au moins un IBAN valide est obligatoire.',
  },
  IBANFIRST_ACCOUNT_REQUIRED: {
    en: 'A valid IbanFirst account is required.',
    es: 'Se requiere una cuenta IbanFirst válida.',
    fr: 'Un compte IbanFirst valide est obligatoire.',
  },
  SUPPLIER_VALIDATION_INCOMPLETE: {
    en: 'To validate a supplier, give at least one geographic sector, one family and every required file.',
    es: 'Para validar un proveedor, indique al menos un sector geográfico, una familia y todos los archivos obligatorios.',
    fr: 'Pour valider un fournisseur, indiquez au moins un secteur géographique, une famille et tous les fichiers obligatoires.',
  },
  SUPPLIER_FILE_LABEL_REQUIRED: {
    en: 'A label is required when the file has no document type.',
    es: 'Se requiere una etiqueta cuando el archivo no tiene tipo de documento.',
    fr: "Un libellé est obligatoire quand le fichier n'a pas de type de document.",
  },
  FORCED_STATUS_TOO_LONG: {
    en: 'A forced status may last {days} days at most.',
    es: 'Un estado forzado puede durar como máximo {days} días.',
    fr: 'Un statut forcé peut durer {days} jours au plus.',
  },
  CONTACT_NEEDS_A_WAY_TO_REACH: {
    en: 'A contact needs at least an e-mail, a phone or a mobile.',
    es: 'Un contacto necesita al menos un correo, un teléfono o un móvil.',
    fr: 'Un contact doit avoir au moins un e-mail, un téléphone ou un mobile.',
  },
  CODE_HASH_MISPLACED: {
    en: 'A code may contain # only right before the id value.',
    es: 'Un código solo puede contener # justo antes del valor del id.',
    fr: "Un code ne peut contenir # que juste avant la valeur de l'id.",
  },
  DUPLICATE_OPTION_KEYS: {
    en: 'Option keys must be distinct ({keys}).',
    es: 'Las claves de las opciones deben ser distintas ({keys}).',
    fr: 'Les clés des options doivent être distinctes ({keys}).',
  },
  EXPENSE_REPORT_DECIDED: {
    en: 'A validator has already decided on this report: it can no longer be withdrawn. Ask them to refuse it if it must change.',
    es: 'Un validador ya ha decidido sobre este informe: ya no se puede retirar. Pídale que lo rechace si debe cambiar.',
    fr: 'Un valideur a déjà statué sur cette note : elle ne peut plus être retirée. Demandez-lui de la refuser si elle doit changer.',
  },
  EXPENSE_REPORT_EMPTY: {
    en: 'An expense report needs at least one expense.',
    es: 'Un informe de gastos necesita al menos un gasto.',
    fr: 'Une note de frais doit contenir au moins une dépense.',
  },
  EXPENSE_TYPE_ONE_MILEAGE_FIELD: {
    en: 'An expense type may have only one mileage field.',
    es: 'Un tipo de gasto solo puede tener un campo de kilometraje.',
    fr: 'Un type de dépense ne peut avoir qu’un seul champ kilométrique.',
  },
  EXPENSE_PRICES_MISMATCH: {
    en: 'The prices excluding and including tax do not match.',
    es: 'Los precios sin y con impuestos no coinciden.',
    fr: 'Les prix HT et TTC ne correspondent pas.',
  },
  DIFFERENT_USERS: {
    en: 'The expense reports belong to different users.',
    es: 'Los informes de gastos pertenecen a usuarios distintos.',
    fr: 'Les notes de frais appartiennent à des utilisateurs différents.',
  },
  REFERENCE_IN_USE: {
    en: '{label} is used ({count}): disable it instead — it is no longer offered, and stays on the documents that name it.',
    es: '{label} está en uso ({count}): desactívelo en su lugar; deja de ofrecerse y se conserva en los documentos que lo mencionan.',
    fr: '{label} est utilisé ({count}) : désactivez-le plutôt — il n’est plus proposé et reste sur les documents qui le citent.',
  },
  EXPENSE_REFERENCE_IN_USE: {
    en: '{label} is used by expenses ({count}): disable it instead of deleting it.',
    es: '{label} lo usan gastos ({count}): desactívelo en lugar de eliminarlo.',
    fr: '{label} est utilisé par des dépenses ({count}) : désactivez-le plutôt que de le supprimer.',
  },
  NO_KILOMETER_SCALE: {
    en: 'No kilometer scale covers {date} for this vehicle: an administrator enters the scale of that year first.',
    es: 'Ningún baremo kilométrico cubre el {date} para este vehículo: un administrador debe introducir primero el baremo de ese año.',
    fr: 'Aucun barème kilométrique ne couvre le {date} pour ce véhicule : un administrateur doit d’abord saisir le barème de cette année.',
  },
  EXPENSE_IN_REPORT: {
    en: 'This expense is in expense report {report}: it can be changed only while the report is a draft or refused.',
    es: 'Este gasto está en el informe {report}: solo puede modificarse mientras el informe sea borrador o esté rechazado.',
    fr: 'Cette dépense est dans la note de frais {report} : elle ne peut être modifiée que tant que la note est en brouillon ou refusée.',
  },
  DISTANCE_REQUIRED: {
    en: 'The distance could not be computed: enter it by hand.',
    es: 'No se pudo calcular la distancia: introdúzcala manualmente.',
    fr: 'La distance n’a pas pu être calculée : saisissez-la.',
  },
  ARTICLE_PRICE_MISMATCH: {
    en: 'The price of one unit must be {expected}: the price for {units} units divided by {units}.',
    es: 'El precio de una unidad debe ser {expected}: el precio de {units} unidades dividido entre {units}.',
    fr: 'Le prix d’une unité doit être {expected} : le prix de {units} unités divisé par {units}.',
  },
  CIRCUIT_NO_CRITERION: {
    en: 'A validation circuit needs at least one criterion.',
    es: 'Un circuito de validación necesita al menos un criterio.',
    fr: 'Un circuit de validation doit avoir au moins un critère.',
  },
  CIRCUIT_MIXED_CRITERIA: {
    en: 'Default criteria cannot be mixed with defined criteria.',
    es: 'Los criterios por defecto no pueden mezclarse con criterios definidos.',
    fr: 'Les critères par défaut ne peuvent pas être mêlés à des critères définis.',
  },
  CIRCUIT_RANKS_ALL_OR_NONE: {
    en: 'If one rank is filled, every rank must be.',
    es: 'Si se rellena un rango, deben rellenarse todos.',
    fr: 'Si un rang est renseigné, tous doivent l’être.',
  },
  VALIDATOR_LOGIN_REQUIRED: {
    en: 'A validator login is required.',
    es: 'Se requiere el identificador de un validador.',
    fr: "L'identifiant d'un valideur est obligatoire.",
  },
  UNKNOWN_CODE: {
    en: 'Unknown {kind}: {value}.',
    es: '{kind} desconocido: {value}.',
    fr: '{kind} inconnu : {value}.',
  },
  IMPORT_BAD_HEADERS: {
    en: 'The file headers are not valid: expected {expected}.',
    es: 'Las cabeceras del archivo no son válidas: se esperaba {expected}.',
    fr: 'Les en-têtes du fichier ne sont pas valides : attendu {expected}.',
  },
  IMPORT_LINE_ERROR: {
    en: 'Line {line}: {message}',
    es: 'Línea {line}: {message}',
    fr: 'Ligne {line} : {message}',
  },
  IMPORT_REFUSED: {
    en: 'Nothing imported: {failed} of {checked} rows refused. Correct them and import the file again.',
    es: 'Nada importado: {failed} de {checked} filas rechazadas. Corríjalas e importe el archivo de nuevo.',
    fr: 'Rien n’est importé : {failed} lignes sur {checked} refusées. Corrigez-les et importez à nouveau le fichier.',
  },
  IMPORT_CHECKED: {
    en: '{checked} rows checked, none refused; nothing was written (dry run).',
    es: '{checked} filas comprobadas, ninguna rechazada; no se ha escrito nada (prueba).',
    fr: '{checked} lignes vérifiées, aucune refusée ; rien n’a été écrit (essai).',
  },
  IMPORT_SUMMARY: {
    en: '{imported} rows imported, {failed} failed.',
    es: '{imported} filas importadas, {failed} con error.',
    fr: '{imported} lignes importées, {failed} en échec.',
  },
  PROTECTED_USER: {
    en: 'This user is protected and cannot be changed.',
    es: 'Este usuario está protegido y no puede modificarse.',
    fr: 'Cet utilisateur est protégé et ne peut pas être modifié.',
  },
  ALLOCATION_CODE_NOT_ALLOWED: {
    en: 'You may not use the allocation code {code}.',
    es: 'No puede utilizar el código de imputación {code}.',
    fr: "Vous ne pouvez pas utiliser le code d'imputation {code}.",
  },
  NO_GOOGLE_API_KEY: {
    en: 'No Google API key is configured.',
    es: 'No hay ninguna clave de API de Google configurada.',
    fr: "Aucune clé d'API Google n'est configurée.",
  },
  PUNCHOUT_UNSUPPORTED_FORMAT: {
    en: 'Unsupported PunchOut format.',
    es: 'Formato PunchOut no compatible.',
    fr: 'Format PunchOut non pris en charge.',
  },
  PUNCHOUT_GO: {
    en: 'Continue to the supplier’s shop',
    es: 'Continuar a la tienda del proveedor',
    fr: 'Continuer vers la boutique du fournisseur',
  },
  PUNCHOUT_INSPECT_ONLY: {
    en: 'This shop session was opened to look at the lines: its basket does not change the cart. Use "Change at the shop" to change them.',
    es: 'Esta sesión de tienda se abrió para consultar las líneas: su cesta no cambia el carrito. Use «Cambiar en la tienda» para modificarlas.',
    fr: 'Cette session de boutique a été ouverte pour consulter les lignes : son panier ne change pas le panier. Utilisez « Modifier dans la boutique » pour les changer.',
  },
  PUNCHOUT_NOTHING_TO_EDIT: {
    en: 'The cart holds no line from this supplier’s shop to take back there.',
    es: 'El carrito no contiene ninguna línea de la tienda de este proveedor que llevar allí.',
    fr: 'Le panier ne contient aucune ligne de la boutique de ce fournisseur à y reporter.',
  },
  PUNCHOUT_ORDER_REFUSED: {
    en: 'The supplier’s order system did not take the order ({detail}): it was not sent. Try again later, or tell the supplier.',
    es: 'El sistema de pedidos del proveedor no aceptó el pedido ({detail}): no se envió. Inténtelo más tarde o avise al proveedor.',
    fr: 'Le système de commande du fournisseur n’a pas pris la commande ({detail}) : elle n’a pas été envoyée. Réessayez plus tard, ou prévenez le fournisseur.',
  },
  PUNCHOUT_NOT_CONFIGURED: {
    en: 'This supplier has no PunchOut shop set up: an administrator gives its protocol, address and identities on the supplier’s PunchOut tab.',
    es: 'Este proveedor no tiene tienda PunchOut configurada: un administrador indica su protocolo, dirección e identidades en la pestaña PunchOut del proveedor.',
    fr: 'Ce fournisseur n’a pas de boutique PunchOut configurée : un administrateur indique son protocole, son adresse et ses identités dans l’onglet PunchOut du fournisseur.',
  },
  PUNCHOUT_SHOP_UNREACHABLE: {
    en: 'The supplier’s shop did not answer as expected ({detail}). Try again later, or tell the supplier.',
    es: 'La tienda del proveedor no respondió como se esperaba ({detail}). Inténtelo más tarde o avise al proveedor.',
    fr: 'La boutique du fournisseur n’a pas répondu comme prévu ({detail}). Réessayez plus tard, ou prévenez le fournisseur.',
  },
  PUNCHOUT_SESSION_UNKNOWN: {
    en: 'This basket belongs to no shopping session started here: nothing was added to the cart.',
    es: 'Esta cesta no pertenece a ninguna sesión de compra iniciada aquí: no se añadió nada al carrito.',
    fr: 'Ce panier n’appartient à aucune session d’achat ouverte ici : rien n’a été ajouté au panier.',
  },
  PUNCHOUT_SESSION_EXPIRED: {
    en: 'The shopping session expired before the basket came back: nothing was added. Open the shop again from the catalogue.',
    es: 'La sesión de compra caducó antes de volver la cesta: no se añadió nada. Abra de nuevo la tienda desde el catálogo.',
    fr: 'La session d’achat a expiré avant le retour du panier : rien n’a été ajouté. Rouvrez la boutique depuis le catalogue.',
  },
  PUNCHOUT_SESSION_USED: {
    en: 'This basket already came back once: it was not added twice.',
    es: 'Esta cesta ya volvió una vez: no se añadió dos veces.',
    fr: 'Ce panier est déjà revenu une fois : il n’a pas été ajouté deux fois.',
  },
  PUNCHOUT_SECRET_MISMATCH: {
    en: 'The basket’s identity or shared secret does not match this supplier’s settings: nothing was added.',
    es: 'La identidad o el secreto compartido de la cesta no coinciden con los parámetros de este proveedor: no se añadió nada.',
    fr: 'L’identité ou le secret partagé du panier ne correspond pas aux paramètres de ce fournisseur : rien n’a été ajouté.',
  },
  PUNCHOUT_BAD_DOCUMENT: {
    en: 'The basket sent by the shop could not be read (malformed, too large, or with entities or external references): nothing was added.',
    es: 'No se pudo leer la cesta enviada por la tienda (mal formada, demasiado grande o con entidades o referencias externas): no se añadió nada.',
    fr: 'Le panier envoyé par la boutique n’a pas pu être lu (mal formé, trop gros, ou avec des entités ou des références externes) : rien n’a été ajouté.',
  },
  PUNCHOUT_BAD_LINE: {
    en: 'Line {line} of the basket has an invalid {field} ("{value}"): nothing was added.',
    es: 'La línea {line} de la cesta tiene un {field} no válido («{value}»): no se añadió nada.',
    fr: 'La ligne {line} du panier a un {field} invalide (« {value} ») : rien n’a été ajouté.',
  },
  PUNCHOUT_EMPTY_BASKET: {
    en: 'The basket came back empty: nothing was added.',
    es: 'La cesta volvió vacía: no se añadió nada.',
    fr: 'Le panier est revenu vide : rien n’a été ajouté.',
  },
  PUNCHOUT_CURRENCY_UNKNOWN: {
    en: 'The basket is priced in {currency}, a currency this installation does not use: nothing was added.',
    es: 'La cesta está en {currency}, una moneda que esta instalación no utiliza: no se añadió nada.',
    fr: 'Le panier est en {currency}, une devise que cette installation n’utilise pas : rien n’a été ajouté.',
  },
  PUNCHOUT_CURRENCY_MISMATCH: {
    en: 'The basket is priced in {currency} but this supplier’s orders are in {expected}: nothing was added.',
    es: 'La cesta está en {currency} pero los pedidos de este proveedor son en {expected}: no se añadió nada.',
    fr: 'Le panier est en {currency} mais les commandes de ce fournisseur sont en {expected} : rien n’a été ajouté.',
  },
  CHUNK_LOAD_FAILED: {
    en: 'Part of the application could not be loaded within 120 seconds: reload the page.',
    es: 'Una parte de la aplicación no pudo cargarse en 120 segundos: recargue la página.',
    fr: "Une partie de l'application n'a pas pu être chargée en 120 secondes : rechargez la page.",
  },
  SEARCH_PERIOD_LIMITED: {
    en: 'Search covers the last {months} months at most.',
    es: 'La búsqueda abarca como máximo los últimos {months} meses.',
    fr: 'La recherche porte sur les {months} derniers mois au plus.',
  },
  UNKNOWN_TEMPLATE_TOKEN: {
    en: 'Unknown token {token} in the number template.',
    es: 'Marcador {token} desconocido en la plantilla de numeración.',
    fr: 'Jeton {token} inconnu dans le modèle de numérotation.',
  },
  ORDER_NOT_DELETABLE: {
    en: 'Order {code} is {status}: only a draft, refused, cancelled or obsolete order can be deleted. Cancel it first.',
    es: 'El pedido {code} está en estado {status}: solo se puede eliminar un pedido en borrador, rechazado, anulado u obsoleto. Anúlelo primero.',
    fr: 'La commande {code} est au statut {status} : seule une commande en brouillon, refusée, annulée ou obsolète peut être supprimée. Annulez-la d’abord.',
  },
  ORDER_HAS_DOCUMENTS: {
    en: 'Order {code} cannot be deleted: requests, receipts, invoice or payment lines or stock movements name it ({count}).',
    es: 'El pedido {code} no se puede eliminar: solicitudes, recepciones, líneas de factura o de pago o movimientos de stock lo mencionan ({count}).',
    fr: 'La commande {code} ne peut pas être supprimée : des demandes, réceptions, lignes de facture ou de paiement ou mouvements de stock la citent ({count}).',
  },
  CONFIRMATION_MISMATCH: {
    en: 'Type {expected} exactly to confirm.',
    es: 'Escriba exactamente {expected} para confirmar.',
    fr: 'Saisissez exactement {expected} pour confirmer.',
  },
  USER_PROTECTED: {
    en: '{login} is protected: an import does not change an administrator, nor the person importing.',
    es: '{login} está protegido: una importación no modifica a un administrador ni a quien importa.',
    fr: '{login} est protégé : un import ne modifie ni un administrateur, ni la personne qui importe.',
  },
  CURRENCY_DEFAULT_RATE: {
    en: '{currency} is the default currency: its rate is 1, every other rate is written against it.',
    es: '{currency} es la moneda por defecto: su tipo es 1, los demás tipos se expresan respecto a ella.',
    fr: '{currency} est la devise par défaut : son taux vaut 1, tous les autres taux s’expriment par rapport à elle.',
  },
  CURRENCY_RATE_FUTURE: {
    en: 'A rate applies from today or an earlier day: enter it on the day it is published.',
    es: 'Un tipo se aplica desde hoy o un día anterior: introdúzcalo el día en que se publica.',
    fr: 'Un taux s’applique à partir d’aujourd’hui ou d’un jour passé : saisissez-le le jour de sa publication.',
  },
  DATE_FORMAT_TOKENS: {
    en: 'A date format needs the year (YYYY or YY), the month (MM or M) and the day (DD or D).',
    es: 'Un formato de fecha necesita el año (YYYY o YY), el mes (MM o M) y el día (DD o D).',
    fr: 'Un format de date doit contenir l’année (YYYY ou YY), le mois (MM ou M) et le jour (DD ou D).',
  },
  HOUR_FORMAT_TOKENS: {
    en: 'An hour format needs the hour (HH, H, hh or h) and the minutes (mm).',
    es: 'Un formato de hora necesita la hora (HH, H, hh o h) y los minutos (mm).',
    fr: 'Un format d’heure doit contenir l’heure (HH, H, hh ou h) et les minutes (mm).',
  },
  LANGUAGE_LAST_ACTIVE: {
    en: 'The language {language} stays active: it is the last active language.',
    es: 'El idioma {language} sigue activo: es el último idioma activo.',
    fr: 'La langue {language} reste active : c’est la dernière langue active.',
  },
  MAIL_TEMPLATE_UNKNOWN_VARIABLE: {
    en: 'Unknown variable {variable}: this mail offers {variables}.',
    es: 'Variable {variable} desconocida: este correo ofrece {variables}.',
    fr: 'Variable {variable} inconnue : ce courriel propose {variables}.',
  },
  MODULE_IN_USE: {
    en: 'The module {module} is in use ({count} active companies): disable all companies but one first.',
    es: 'El módulo {module} está en uso ({count} empresas activas): desactive antes todas las empresas salvo una.',
    fr: 'Le module {module} est utilisé ({count} sociétés actives) : désactivez d’abord toutes les sociétés sauf une.',
  },
  MODULE_REQUIRED: {
    en: 'This needs the module {module}: turn it on in the settings’ Modules tab.',
    es: 'Esto requiere el módulo {module}: actívelo en la pestaña Módulos de los parámetros.',
    fr: 'Cela demande le module {module} : activez-le dans l’onglet Modules des paramètres.',
  },
} as const satisfies MessageTable
