import type { MessageTable } from '../message-table'

/** Needs, purchase orders, deliveries, invoices and payments (purchasing-domain §5 and §8). */
export const PURCHASING_MESSAGES = {
  SUPPLIER_NEEDS_SECTOR: {
    en: 'To approve this supplier, give it at least one geographic sector.',
    es: 'Para aprobar este proveedor, asígnele al menos un sector geográfico.',
    fr: 'Pour agréer ce fournisseur, donnez-lui au moins un secteur géographique.',
  },
  SUPPLIER_NEEDS_FAMILY: {
    en: 'To approve this supplier, give it at least one product family.',
    es: 'Para aprobar este proveedor, asígnele al menos una familia de productos.',
    fr: 'Pour agréer ce fournisseur, donnez-lui au moins une famille de produits.',
  },
  SUPPLIER_NEEDS_IDENTIFIER: {
    en: 'Its geographic sectors require its {field}: enter it before approving.',
    es: 'Sus sectores geográficos exigen su {field}: indíquelo antes de aprobar.',
    fr: 'Ses secteurs géographiques exigent son {field} : saisissez-le avant d’agréer.',
  },
  SUPPLIER_NEEDS_FILE: {
    en: 'Missing or expired document: {type}. Add a valid one and have it validated.',
    es: 'Documento ausente o caducado: {type}. Añada uno válido y hágalo validar.',
    fr: 'Document manquant ou expiré : {type}. Ajoutez-en un valide et faites-le valider.',
  },
  SUPPLIER_APPROVER_ROLE: {
    en: 'Suppliers are approved by the roles named for it: {roles}.',
    es: 'Los proveedores los aprueban los roles designados: {roles}.',
    fr: 'Les fournisseurs sont agréés par les rôles désignés : {roles}.',
  },
  SUPPLIER_FILE_VALIDATOR_ROLE: {
    en: 'Documents of the category {category} are validated by the role {role}.',
    es: 'Los documentos de la categoría {category} los valida el rol {role}.',
    fr: 'Les documents de la catégorie {category} sont validés par le rôle {role}.',
  },
  SUPPLIER_DOCUMENTS_MISSING: {
    en: 'From {threshold} excluding tax, the duty of vigilance requires valid documents of {supplier}: {documents}.',
    es: 'A partir de {threshold} sin IVA, el deber de vigilancia exige documentos válidos de {supplier}: {documents}.',
    fr: 'À partir de {threshold} HT, l’obligation de vigilance exige des documents valides de {supplier} : {documents}.',
  },
  CONTACT_NEEDS_A_WAY: {
    en: 'Give at least an e-mail address, a phone or a mobile number.',
    es: 'Indique al menos un correo electrónico, un teléfono o un móvil.',
    fr: 'Indiquez au moins une adresse e-mail, un téléphone ou un mobile.',
  },
  CONTACT_EMAIL_IS_STAFF: {
    en: 'This e-mail address is a person of the organisation: give the contact its own address.',
    es: 'Esta dirección pertenece a una persona de la organización: indique la dirección propia del contacto.',
    fr: 'Cette adresse est celle d’une personne de l’organisation : donnez au contact sa propre adresse.',
  },
  SUPPLIER_FILE_ALREADY_VALIDATED: {
    en: 'This document is already validated.',
    es: 'Este documento ya está validado.',
    fr: 'Ce document est déjà validé.',
  },
  SECTOR_UNDER_ITSELF: {
    en: 'A sector cannot be placed under itself or one of its own sub-sectors.',
    es: 'Un sector no puede colocarse bajo sí mismo ni bajo uno de sus subsectores.',
    fr: 'Un secteur ne peut pas être placé sous lui-même ni sous l’un de ses sous-secteurs.',
  },
  SUPPLIER_REFERENCE_IN_USE: {
    en: '{label} is still used (suppliers or sub-sectors: {count}): move them first.',
    es: '{label} sigue en uso (proveedores o subsectores: {count}): muévalos primero.',
    fr: '{label} est encore utilisé (fournisseurs ou sous-secteurs : {count}) : déplacez-les d’abord.',
  },
  FORCED_STATUS_END_PAST: {
    en: 'A forced status ends after today: choose a later date.',
    es: 'Un estado forzado termina después de hoy: elija una fecha posterior.',
    fr: 'Un statut forcé se termine après aujourd’hui : choisissez une date ultérieure.',
  },
  PAYMENT_SAME_PERSON: {
    en: 'You created or validated an order this payment settles: someone else validates its payment.',
    es: 'Usted creó o validó un pedido que este pago liquida: otra persona valida su pago.',
    fr: 'Vous avez créé ou validé une commande que ce paiement règle : une autre personne valide son paiement.',
  },
  IBAN_SHARED: {
    en: 'This IBAN is also the account of {suppliers}: check it with the supplier before paying.',
    es: 'Este IBAN es también la cuenta de {suppliers}: compruébelo con el proveedor antes de pagar.',
    fr: 'Cet IBAN est aussi le compte de {suppliers} : vérifiez-le auprès du fournisseur avant de payer.',
  },
  DELEGATION_DEFAULT_LIMIT_EXCEEDED: {
    en: 'Default delegation limit exceeded ({limit}).',
    es: 'Límite de delegación por defecto superado ({limit}).',
    fr: 'Plafond de délégation par défaut dépassé ({limit}).',
  },
  DELEGATION_TAG_LIMIT_EXCEEDED: {
    en: 'Delegation limit for tag {tag} exceeded ({limit}).',
    es: 'Límite de delegación para la etiqueta {tag} superado ({limit}).',
    fr: 'Plafond de délégation pour le tag {tag} dépassé ({limit}).',
  },
  SUPPLIER_ORDER_LIMIT_EXCEEDED: {
    en: 'Supplier per-order limit exceeded ({limit}).',
    es: 'Límite por pedido del proveedor superado ({limit}).',
    fr: 'Plafond par commande du fournisseur dépassé ({limit}).',
  },
  SUPPLIER_YEAR_LIMIT_EXCEEDED: {
    en: 'Supplier per-year limit exceeded ({limit}).',
    es: 'Límite anual del proveedor superado ({limit}).',
    fr: 'Plafond annuel du fournisseur dépassé ({limit}).',
  },
  PO_LIMIT_PER_YEAR_REACHED: {
    en: 'The limit of {limit} purchase orders per year is reached.',
    es: 'Se ha alcanzado el límite de {limit} pedidos por año.',
    fr: 'La limite de {limit} commandes par an est atteinte.',
  },
  DOCUMENT_TOTAL_NEGATIVE: {
    en: 'The total of the document cannot be below zero.',
    es: 'El total del documento no puede ser negativo.',
    fr: 'Le total du document ne peut pas être négatif.',
  },
  CIRCUIT_NOT_COVERED: {
    en: 'No validation circuit covers this document ({amount}): ask an administrator to complete the circuits.',
    es: 'Ningún circuito de validación cubre este documento ({amount}): pida a un administrador que complete los circuitos.',
    fr: 'Aucun circuit de validation ne couvre ce document ({amount}) : demandez à un administrateur de compléter les circuits.',
  },
  CURRENCY_NOT_ACTIVE: {
    en: 'The currency {currency} is not used by this instance.',
    es: 'La moneda {currency} no se usa en esta instancia.',
    fr: "La devise {currency} n'est pas utilisée par cette instance.",
  },
  REFUSAL_REASON_REQUIRED: {
    en: 'Say why you refuse (at least 3 characters): the author reads it.',
    es: 'Indique por qué rechaza (al menos 3 caracteres): el autor lo leerá.',
    fr: 'Dites pourquoi vous refusez (au moins 3 caractères) : l’auteur le lira.',
  },
  TRANSITION_NOT_ALLOWED: {
    en: 'This action ({action}) is not possible in status {status}.',
    es: 'Esta acción ({action}) no es posible en el estado {status}.',
    fr: 'Cette action ({action}) est impossible au statut {status}.',
  },
  DECISION_LINK_INVALID: {
    en: 'This link is not valid: it was not made by Procura or was changed. Open the document in Procura to decide.',
    es: 'Este enlace no es válido: no lo generó Procura o fue modificado. Abra el documento en Procura para decidir.',
    fr: 'Ce lien n’est pas valide : il n’a pas été créé par Procura ou a été modifié. Ouvrez le document dans Procura pour décider.',
  },
  DECISION_LINK_USED: {
    en: 'This link was already used: each link decides once. Open the document in Procura to see where it stands.',
    es: 'Este enlace ya se utilizó: cada enlace decide una sola vez. Abra el documento en Procura para ver en qué punto está.',
    fr: 'Ce lien a déjà servi : chaque lien ne décide qu’une fois. Ouvrez le document dans Procura pour voir où il en est.',
  },
  DECISION_LINK_EXPIRED: {
    en: 'This link has expired. Open the document in Procura to decide.',
    es: 'Este enlace ha caducado. Abra el documento en Procura para decidir.',
    fr: 'Ce lien a expiré. Ouvrez le document dans Procura pour décider.',
  },
  DECISION_LINK_CANCELLED: {
    en: 'This document was cancelled or deleted since the e-mail: there is nothing left to decide.',
    es: 'Este documento se anuló o eliminó después del correo: ya no hay nada que decidir.',
    fr: 'Ce document a été annulé ou supprimé depuis l’e-mail : il n’y a plus rien à décider.',
  },
  DECISION_LINK_DECIDED: {
    en: 'This step was already decided since the e-mail. Open the document in Procura to see where it stands.',
    es: 'Este paso ya se decidió después del correo. Abra el documento en Procura para ver en qué punto está.',
    fr: 'Cette étape a déjà été décidée depuis l’e-mail. Ouvrez le document dans Procura pour voir où il en est.',
  },
  DECISION_LINK_CHANGED: {
    en: 'This document changed since the e-mail: open it in Procura to decide on what it says now.',
    es: 'Este documento cambió después del correo: ábralo en Procura para decidir sobre lo que dice ahora.',
    fr: 'Ce document a changé depuis l’e-mail : ouvrez-le dans Procura pour décider sur ce qu’il dit maintenant.',
  },
  NOT_CURRENT_VALIDATOR: {
    en: 'You are not a validator of the current step.',
    es: 'No es validador de la etapa actual.',
    fr: "Vous n'êtes pas valideur de l'étape en cours.",
  },
  SKIP_DISABLED: {
    en: 'Skipping validators is not enabled.',
    es: 'La omisión de validadores no está activada.',
    fr: "Le passage des valideurs n'est pas activé.",
  },
  DELEGATION_TO_SELF: {
    en: 'You cannot delegate to yourself.',
    es: 'No puede delegar en sí mismo.',
    fr: 'Vous ne pouvez pas vous déléguer à vous-même.',
  },
  NEED_HAS_NO_LINE: {
    en: 'A request needs at least one line.',
    es: 'Una solicitud necesita al menos una línea.',
    fr: 'Une demande doit avoir au moins une ligne.',
  },
  ORDER_HAS_NO_LINE: {
    en: 'An order needs at least one line.',
    es: 'Un pedido necesita al menos una línea.',
    fr: 'Une commande doit avoir au moins une ligne.',
  },
  SUPPLIER_INACTIVE: {
    en: 'Supplier {supplier} is not active.',
    es: 'El proveedor {supplier} no está activo.',
    fr: "Le fournisseur {supplier} n'est pas actif.",
  },
  SUPPLIER_CONTACT_IN_USE: {
    en: 'This contact is named on purchase orders: it cannot be removed.',
    es: 'Este contacto figura en pedidos: no se puede eliminar.',
    fr: 'Ce contact figure sur des bons de commande : il ne peut pas être supprimé.',
  },
  DOCUMENT_CHANGED: {
    en: 'Someone changed this document while you were acting on it: reload it and try again.',
    es: 'Alguien modificó este documento mientras actuaba sobre él: vuelva a cargarlo e inténtelo de nuevo.',
    fr: 'Quelqu’un a modifié ce document pendant que vous agissiez : rechargez-le et réessayez.',
  },
  PO_ALREADY_SENT: {
    en: 'This purchase order has already been sent.',
    es: 'Este pedido ya ha sido enviado.',
    fr: 'Cette commande a déjà été envoyée.',
  },
  PO_SENT_CONFIRMATION_REQUIRED: {
    en: 'This order was sent: confirm that going back to draft cancels the sending.',
    es: 'Este pedido fue enviado: confirme que volver a borrador anula el envío.',
    fr: "Cette commande a été envoyée : confirmez que le retour en brouillon annule l'envoi.",
  },
  PO_AMOUNT_BELOW_BILLED: {
    en: 'The amount excluding tax cannot be lower than the billed amount ({amount}).',
    es: 'El importe sin impuestos no puede ser inferior al importe facturado ({amount}).',
    fr: 'Le montant HT ne peut pas être inférieur au montant facturé ({amount}).',
  },
  PO_AMOUNT_BELOW_DELIVERED: {
    en: 'The amount excluding tax cannot be lower than the delivered amount ({amount}).',
    es: 'El importe sin impuestos no puede ser inferior al importe recibido ({amount}).',
    fr: 'Le montant HT ne peut pas être inférieur au montant livré ({amount}).',
  },
  PO_INCTAX_BELOW_BILLED: {
    en: 'The amount including tax cannot be lower than the billed amount ({amount}).',
    es: 'El importe con impuestos no puede ser inferior al importe facturado ({amount}).',
    fr: 'Le montant TTC ne peut pas être inférieur au montant facturé ({amount}).',
  },
  QUANTITY_STEP: {
    en: 'The quantity must be a multiple of {step}.',
    es: 'La cantidad debe ser un múltiplo de {step}.',
    fr: 'La quantité doit être un multiple de {step}.',
  },
  NEED_BUYER_REQUIRED: {
    en: 'A buyer is required.',
    es: 'Se requiere un comprador.',
    fr: 'Un acheteur est obligatoire.',
  },
  NEED_FAMILY_REQUIRED: {
    en: 'A purchase family is required.',
    es: 'Se requiere una familia de compra.',
    fr: "Une famille d'achat est obligatoire.",
  },
  DELIVERY_DEVIATION_EXCEEDED: {
    en: 'The delivered quantity deviates by {deviation}% (limit {limit}%).',
    es: 'La cantidad recibida se desvía un {deviation}% (límite {limit}%).',
    fr: "La quantité livrée s'écarte de {deviation} % (limite {limit} %).",
  },
  PO_AMOUNT_BELOW_PREDELIVERED: {
    en: 'The amount excluding tax cannot be lower than the predelivered amount ({amount}).',
    es: 'El importe sin impuestos no puede ser inferior al importe prerrecibido ({amount}).',
    fr: 'Le montant HT ne peut pas être inférieur au montant prélivré ({amount}).',
  },
  PO_HAS_DELIVERIES: {
    en: 'This order has deliveries: go back to draft to change it instead of making a new version.',
    es: 'Este pedido tiene recepciones: vuelva a borrador para modificarlo en lugar de crear una nueva versión.',
    fr: 'Cette commande a des livraisons : repassez-la en brouillon pour la modifier plutôt que d’en créer une nouvelle version.',
  },
  DELIVERED_LINE_REMOVED: {
    en: 'Line {line} was delivered or predelivered: it cannot be removed.',
    es: 'La línea {line} fue recibida o prerrecibida: no se puede eliminar.',
    fr: 'La ligne {line} a été livrée ou prélivrée : elle ne peut pas être supprimée.',
  },
  DELIVERY_NO_LINE: {
    en: 'Enter a quantity or an amount on at least one line.',
    es: 'Indique una cantidad o un importe en al menos una línea.',
    fr: 'Saisissez une quantité ou un montant sur au moins une ligne.',
  },
  DELIVERY_FORCED_COMPLETE: {
    en: 'The delivery of this order was forced to complete: it receives nothing more.',
    es: 'La recepción de este pedido se forzó a completa: no recibe nada más.',
    fr: 'La livraison de cette commande a été forcée à complète : elle ne reçoit plus rien.',
  },
  FORCE_COMPLETE_CONFIRMATION_REQUIRED: {
    en: 'Forcing the delivery to complete is definitive: nothing more can be received. Confirm to go on.',
    es: 'Forzar la recepción a completa es definitivo: no se podrá recibir nada más. Confirme para continuar.',
    fr: 'Forcer la livraison à complète est définitif : plus rien ne pourra être reçu. Confirmez pour continuer.',
  },
  RETURN_EXCEEDS_RECEIVED: {
    en: 'You cannot return more than was received ({received}).',
    es: 'No puede devolver más de lo recibido ({received}).',
    fr: 'Vous ne pouvez pas retourner plus que ce qui a été reçu ({received}).',
  },
  DELIVERY_CANCEL_BELOW_ZERO: {
    en: 'Cancelling this delivery would take back more than is received now ({received}): cancel the later returns first.',
    es: 'Anular esta recepción retiraría más de lo recibido ahora ({received}): anule antes las devoluciones posteriores.',
    fr: 'Annuler cette livraison retirerait plus que ce qui est reçu maintenant ({received}) : annulez d’abord les retours postérieurs.',
  },
  DELIVERY_CANCEL_CONFIRMATION_REQUIRED: {
    en: 'Cancelling this delivery takes its quantities off the order and its goods back out of stock. Confirm to go on.',
    es: 'Anular esta recepción retira sus cantidades del pedido y sus artículos del stock. Confirme para continuar.',
    fr: 'Annuler cette livraison retire ses quantités de la commande et ses articles du stock. Confirmez pour continuer.',
  },
  DELIVERY_STOCK_CONSUMED: {
    en: 'The stock this delivery brought in was already used (missing: {exceeded}): it cannot be cancelled.',
    es: 'El stock que aportó esta recepción ya se utilizó (faltan: {exceeded}): no se puede anular.',
    fr: 'Le stock apporté par cette livraison a déjà été utilisé (manquant : {exceeded}) : elle ne peut pas être annulée.',
  },
  RESERVATION_WINDOW_CLOSED: {
    en: 'Reservations on this delivery could be raised until {date}.',
    es: 'Las reservas sobre esta recepción podían formularse hasta el {date}.',
    fr: 'Les réserves sur cette livraison pouvaient être émises jusqu’au {date}.',
  },
  SUPPLIER_ACCESS_DISABLED: {
    en: 'Supplier access is not enabled on this instance.',
    es: 'El acceso de proveedores no está activado en esta instancia.',
    fr: 'L’accès fournisseur n’est pas activé sur cette instance.',
  },
  DELIVERY_AMOUNT_OUT_OF_BOUNDS: {
    en: 'The total must lie between {min} and {max}.',
    es: 'El total debe estar entre {min} y {max}.',
    fr: 'Le total doit être compris entre {min} et {max}.',
  },
  INVOICE_NUMBER_CHARSET: {
    en: 'The invoice number may contain only unaccented letters, digits, spaces, - and _.',
    es: 'El número de factura solo puede contener letras sin acento, cifras, espacios, - y _.',
    fr: 'Le numéro de facture ne peut contenir que des lettres non accentuées, des chiffres, des espaces, - et _.',
  },
  E_INVOICE_TOTALS_MISMATCH: {
    en: '{rule}: {what} says {declared}, but what it is made of adds up to {computed}.',
    es: '{rule}: {what} indica {declared}, pero sus partes suman {computed}.',
    fr: '{rule} : {what} indique {declared}, mais ce qui le compose totalise {computed}.',
  },
  E_INVOICE_ORDER_OTHER_SUPPLIER: {
    en: 'The e-invoice names the order {order} ({rule}), which is {supplier}’s: an invoice never lands on another supplier’s order. Check the supplier, or ask the seller for a corrected invoice.',
    es: 'La factura electrónica menciona el pedido {order} ({rule}), que es de {supplier}: una factura nunca se imputa al pedido de otro proveedor. Compruebe el proveedor o pida al vendedor una factura corregida.',
    fr: 'La facture électronique cite la commande {order} ({rule}), qui est celle de {supplier} : une facture ne s’impute jamais sur la commande d’un autre fournisseur. Vérifiez le fournisseur, ou demandez au vendeur une facture rectifiée.',
  },
  E_INVOICE_ROUTING_UNKNOWN: {
    en: 'The e-invoice is addressed to the routing code {code}, which no department of the company carries: it waits in the company’s queue. Give a department that routing code, or tell the seller the right one.',
    es: 'La factura electrónica va dirigida al código de enrutamiento {code}, que ningún departamento de la empresa tiene: espera en la cola de la empresa. Asigne ese código a un departamento o indique al vendedor el correcto.',
    fr: 'La facture électronique est adressée au code routage {code}, qu’aucun service de la société ne porte : elle attend dans la file de la société. Donnez ce code routage à un service, ou indiquez au vendeur le bon.',
  },
  API_DISABLED: {
    en: 'The API for machine clients is off: an administrator turns it on in Configuration (API).',
    es: 'La API para clientes máquina está desactivada: un administrador la activa en Configuración (API).',
    fr: 'L’API pour les clients machines est désactivée : un administrateur l’active dans Configuration (API).',
  },
  API_RATE_LIMITED: {
    en: 'This token made more than {limit} calls this minute: retry in {seconds} seconds, or ask an administrator to raise the limit (Configuration, API).',
    es: 'Este token hizo más de {limit} llamadas en este minuto: vuelva a intentarlo dentro de {seconds} segundos, o pida a un administrador que suba el límite (Configuración, API).',
    fr: 'Ce jeton a fait plus de {limit} appels cette minute : réessayez dans {seconds} secondes, ou demandez à un administrateur de relever la limite (Configuration, API).',
  },
  LIFECYCLE_NOT_INBOUND: {
    en: 'Status {code} is the buyer’s to raise, not the platform’s: a platform sends 200–203, 209, 212 or 213.',
    es: 'El estado {code} lo emite el comprador, no la plataforma: una plataforma envía 200–203, 209, 212 o 213.',
    fr: 'Le statut {code} est émis par l’acheteur, pas par la plateforme : une plateforme envoie 200 à 203, 209, 212 ou 213.',
  },
  E_INVOICE_NOT_RECEIVED: {
    en: 'No e-invoice {number} from the seller {siren} was received: check the invoice number and the seller’s SIREN, or hand the e-invoice in first.',
    es: 'No se ha recibido ninguna factura electrónica {number} del vendedor {siren}: compruebe el número de factura y el SIREN del vendedor, o entregue primero la factura electrónica.',
    fr: 'Aucune facture électronique {number} du vendeur {siren} n’a été reçue : vérifiez le numéro de facture et le SIREN du vendeur, ou déposez d’abord la facture électronique.',
  },
  LIFECYCLE_MESSAGE_UNREADABLE: {
    en: 'This is not a lifecycle status Procura reads (a CDAR D22B message, or the JSON of docs/domain/e-invoicing.md): {reason}',
    es: 'Esto no es un estado del ciclo de vida que Procura lea (un mensaje CDAR D22B, o el JSON de docs/domain/e-invoicing.md): {reason}',
    fr: 'Ce n’est pas un statut de cycle de vie que Procura lit (un message CDAR D22B, ou le JSON de docs/domain/e-invoicing.md) : {reason}',
  },
  E_INVOICE_UNREADABLE: {
    en: 'This file is not an e-invoice Procura reads (a Factur-X or ZUGFeRD PDF, a CII or UBL 2.1 XML): {reason}',
    es: 'Este archivo no es una factura electrónica que Procura lea (un PDF Factur-X o ZUGFeRD, un XML CII o UBL 2.1): {reason}',
    fr: 'Ce fichier n’est pas une facture électronique que Procura lit (un PDF Factur-X ou ZUGFeRD, un XML CII ou UBL 2.1) : {reason}',
  },
  DUPLICATE_INVOICE: {
    en: 'This invoice already exists for this supplier.',
    es: 'Esta factura ya existe para este proveedor.',
    fr: 'Cette facture existe déjà pour ce fournisseur.',
  },
  INVOICE_NO_LINE: {
    en: 'An invoice needs at least one line.',
    es: 'Una factura necesita al menos una línea.',
    fr: 'Une facture doit avoir au moins une ligne.',
  },
  PENDING_INVOICE_ON_HOLD: {
    en: 'This invoice is on hold ({reason}): release it into the queue before making the invoice.',
    es: 'Esta factura está retenida ({reason}): libérela en la cola antes de registrar la factura.',
    fr: 'Cette facture est suspendue ({reason}) : remettez-la dans la file avant de saisir la facture.',
  },
  INVOICE_AMOUNT_MISMATCH: {
    en: 'The lines total {total} but the invoice amount is {expected}.',
    es: 'Las líneas suman {total} pero el importe de la factura es {expected}.',
    fr: 'Les lignes totalisent {total} mais le montant de la facture est {expected}.',
  },
  DIFFERENT_CURRENCIES: {
    en: 'The items do not share the same currency.',
    es: 'Los elementos no tienen la misma moneda.',
    fr: "Les éléments n'ont pas la même devise.",
  },
  INVOICE_TOTAL_NEGATIVE: {
    en: 'An invoice cannot total less than zero: a document that takes off what is owed is a credit note. Capture it as a credit note.',
    es: 'Una factura no puede sumar menos de cero: un documento que descuenta lo adeudado es una nota de crédito. Regístrelo como nota de crédito.',
    fr: 'Une facture ne peut pas totaliser moins de zéro : un document qui retire du montant dû est un avoir. Saisissez-le comme un avoir.',
  },
  CREDIT_NOTE_NOT_NEGATIVE: {
    en: 'A credit note takes off what is owed: its figures are negative (−4 for four items credited).',
    es: 'Una nota de crédito descuenta lo adeudado: sus cifras son negativas (−4 por cuatro artículos abonados).',
    fr: 'Un avoir retire du montant dû : ses montants sont négatifs (−4 pour quatre articles crédités).',
  },
  CREDIT_BEYOND_BILLED: {
    en: 'Crediting {credited} takes the order line below what was billed on it ({billed}).',
    es: 'Abonar {credited} deja la línea del pedido por debajo de lo facturado en ella ({billed}).',
    fr: 'Créditer {credited} fait passer la ligne de commande sous ce qui y a été facturé ({billed}).',
  },
  BILLING_LIMIT_EXCEEDED: {
    en: 'Billing {billed} exceeds the amount left to bill ({remaining}) by more than {limit}%.',
    es: 'Facturar {billed} supera el importe pendiente de facturar ({remaining}) en más de un {limit}%.',
    fr: 'Facturer {billed} dépasse le reste à facturer ({remaining}) de plus de {limit} %.',
  },
  BILLING_CLOSE_CONFIRMATION_REQUIRED: {
    en: 'Closing the billing is definitive: what is not billed yet will not be billed. Confirm to go on.',
    es: 'Cerrar la facturación es definitivo: lo que aún no se facturó no se facturará. Confirme para continuar.',
    fr: 'Clore la facturation est définitif : ce qui n’est pas encore facturé ne le sera pas. Confirmez pour continuer.',
  },
  BILLING_BEFORE_DELIVERY: {
    en: 'This line cannot be billed before it is delivered.',
    es: 'Esta línea no puede facturarse antes de recibirse.',
    fr: 'Cette ligne ne peut pas être facturée avant sa livraison.',
  },
  PAYMENT_NO_INVOICE: {
    en: 'Select at least one invoice.',
    es: 'Seleccione al menos una factura.',
    fr: 'Sélectionnez au moins une facture.',
  },
  DIFFERENT_COMPANIES: {
    en: 'The invoices do not belong to the same company.',
    es: 'Las facturas no pertenecen a la misma empresa.',
    fr: "Les factures n'appartiennent pas à la même société.",
  },
  INVOICE_DISPUTED: {
    en: 'Invoice {invoice} is disputed: it cannot be paid until the dispute is closed.',
    es: 'La factura {invoice} está en litigio: no puede pagarse hasta cerrar el litigio.',
    fr: 'La facture {invoice} est en litige : elle ne peut pas être payée avant la clôture du litige.',
  },
  PAYMENT_EXCEEDS_REMAINING: {
    en: 'The amount including tax exceeds the remaining amount to pay ({remaining}).',
    es: 'El importe con impuestos supera el importe pendiente de pago ({remaining}).',
    fr: 'Le montant TTC dépasse le reste à payer ({remaining}).',
  },
  ITEMS_ALREADY_PAID_OR_PENDING: {
    en: 'Some items are already paid, pending payment or not validated.',
    es: 'Algunos elementos ya están pagados, pendientes de pago o no validados.',
    fr: 'Certains éléments sont déjà payés, en attente de paiement ou non validés.',
  },
  PAYMENT_REFUSED_NEW_REQUIRED: {
    en: 'This payment was refused: create a new payment.',
    es: 'Este pago fue rechazado: cree un nuevo pago.',
    fr: 'Ce paiement a été refusé : créez un nouveau paiement.',
  },
  INVOICE_IN_DISPUTE_CONFIRMATION: {
    en: 'This invoice is in dispute: close the dispute first, or confirm to go on despite it (a validation then says it is approved in part).',
    es: 'Esta factura está en litigio: cierre primero el litigio, o confirme para continuar pese a él (una validación indica entonces que se aprueba en parte).',
    fr: 'Cette facture est en litige : clôturez d’abord le litige, ou confirmez pour continuer malgré lui (une validation indique alors qu’elle est approuvée en partie).',
  },
  EXPORT_BACK_TO_DRAFT_CONFIRMATION: {
    en: 'This invoice was exported or paid: confirm that going back to draft cancels its accounting exports and payments.',
    es: 'Esta factura fue exportada o pagada: confirme que volver a borrador anula sus exportaciones contables y pagos.',
    fr: 'Cette facture a été exportée ou payée : confirmez que le retour en brouillon annule ses exports comptables et paiements.',
  },
} as const satisfies MessageTable
