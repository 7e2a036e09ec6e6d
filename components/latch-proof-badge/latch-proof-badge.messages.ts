/**
 * `<latch-proof-badge>`'s own strings (English, Spanish, Arabic), registered when the element's
 * module loads, so the drop-in's initial bundle does not carry them. Also the messages of the
 * ERR_PROOF_* codes, which `errorText()` finds by code.
 */
import { registerMessages } from '../i18n/catalogues.ts';
import type { Message } from '../i18n/messages.ts';

declare module '../i18n/messages.ts' {
  interface LatchMessages {
    'proof.verifying': Message;
    'proof.verified': Message;
    'proof.failed': Message;
    'proof.failedOther': Message;
    'proof.unavailable': Message;
    'proof.details': Message;
    'proof.hideDetails': Message;
    'proof.noProofs': Message;
    'proof.noSource': Message;
    'proof.checking': Message;
    'proof.count': Message;
    'proof.failedCheck': Message;
    'proof.trustAws': Message;
    'proof.trustCustom': Message;
    'proof.addressProof': Message;
    'proof.policyProof': Message;
    'proof.otherProof': Message;
    'proof.enclaveApp': Message;
    'proof.deploymentLabel': Message;
    'proof.proofTime': Message;
    'proof.passed': Message;
    'proof.notPerformed': Message;
    'proof.outcome.failed': Message;
    'proof.allAddresses': Message;
    'proof.check.payload': Message;
    'proof.check.app-proof-signature': Message;
    'proof.check.attestation-format': Message;
    'proof.check.root-certificate': Message;
    'proof.check.certificate-chain': Message;
    'proof.check.attestation-signature': Message;
    'proof.check.manifest-digest': Message;
    'proof.check.ephemeral-key': Message;
    'proof.check.manifest-pcrs': Message;
    'proof.check.pcrs': Message;
    'proof.check.manifest-namespace': Message;
    'proof.check.deployment-label': Message;
    'proof.check.manifest-approvals': Message;
    'proof.check.addresses': Message;
    'proof.skip.manifest-pcrs': Message;
    'proof.skip.pcrs': Message;
    'proof.skip.manifest-namespace': Message;
    'proof.skip.deployment-label': Message;
    'proof.skip.manifest-approvals': Message;
    'proof.skip.addresses': Message;
    'proof.skip.other': Message;
    'error.ERR_PROOF_PAYLOAD': Message;
    'error.ERR_PROOF_SIGNATURE': Message;
    'error.ERR_PROOF_ATTESTATION_FORMAT': Message;
    'error.ERR_PROOF_ATTESTATION_SIGNATURE': Message;
    'error.ERR_PROOF_CERT_CHAIN': Message;
    'error.ERR_PROOF_CERT_EXPIRED': Message;
    'error.ERR_PROOF_ROOT': Message;
    'error.ERR_PROOF_MANIFEST': Message;
    'error.ERR_PROOF_KEY_MISMATCH': Message;
    'error.ERR_PROOF_PCR': Message;
    'error.ERR_PROOF_ADDRESS': Message;
  }
}

export const proofBadgeEn = {
  'proof.verifying': 'Verifying App Proofs…',
  'proof.verified': 'Verified by App Proofs',
  'proof.failed': 'Not verified: {check}',
  'proof.failedOther': 'App Proofs could not be checked',
  'proof.unavailable': 'Verification not available',
  'proof.details': 'Verification details',
  'proof.hideDetails': 'Hide verification details',
  'proof.noProofs': 'There are no App Proofs to check.',
  'proof.noSource': 'Log in to check the App Proofs.',
  'proof.checking': 'Checking each proof against the enclave that made it…',
  'proof.count': { one: '{count} proof checked.', other: '{count} proofs checked.' },
  'proof.failedCheck': 'The “{check}” check failed.',
  'proof.trustAws': 'Trusted root: AWS Nitro Enclaves.',
  'proof.trustCustom': 'Trusted root: a test root set on this page, not AWS Nitro Enclaves.',
  'proof.addressProof': 'Address {address}',
  'proof.policyProof': 'Policy decision',
  'proof.otherProof': 'Proof {index}',
  'proof.enclaveApp': 'Enclave',
  'proof.deploymentLabel': 'Deployment',
  'proof.proofTime': 'Proof time',
  'proof.passed': 'Passed',
  'proof.notPerformed': 'Not performed: {reason}',
  'proof.outcome.failed': 'Failed',
  'proof.allAddresses': 'Addresses received',
  'proof.check.payload': 'Proof contents',
  'proof.check.app-proof-signature': 'Enclave signature on the proof',
  'proof.check.attestation-format': 'Attestation document',
  'proof.check.root-certificate': 'Root certificate',
  'proof.check.certificate-chain': 'Certificate chain',
  'proof.check.attestation-signature': 'Attestation signature',
  'proof.check.manifest-digest': 'Enclave manifest',
  'proof.check.ephemeral-key': 'Enclave key',
  'proof.check.manifest-pcrs': 'Manifest measurements (PCRs)',
  'proof.check.pcrs': 'Expected measurements (PCRs)',
  'proof.check.manifest-namespace': 'Manifest namespace',
  'proof.check.deployment-label': 'Deployment label',
  'proof.check.manifest-approvals': 'Manifest approvals',
  'proof.check.addresses': 'Wallet addresses',
  'proof.skip.manifest-pcrs': 'the manifest layout was not recognized',
  'proof.skip.pcrs': 'no expected measurement values were set',
  'proof.skip.manifest-namespace': 'no expected namespace was set',
  'proof.skip.deployment-label': 'no expected deployment label was set',
  'proof.skip.manifest-approvals': 'quorum approvals of the manifest are not checked',
  'proof.skip.addresses': 'no received addresses were given to compare',
  'proof.skip.other': 'not checked here',
  'error.ERR_PROOF_PAYLOAD': 'A proof is damaged or incomplete.',
  'error.ERR_PROOF_SIGNATURE': 'A proof is not signed by the enclave key it names.',
  'error.ERR_PROOF_ATTESTATION_FORMAT': 'The enclave attestation cannot be read.',
  'error.ERR_PROOF_ATTESTATION_SIGNATURE': 'The enclave attestation is not signed by its certificate.',
  'error.ERR_PROOF_CERT_CHAIN': 'The attestation certificates do not form a valid chain.',
  'error.ERR_PROOF_CERT_EXPIRED': 'An attestation certificate was not valid at the time of the proof.',
  'error.ERR_PROOF_ROOT': 'The attestation does not lead to the trusted root certificate.',
  'error.ERR_PROOF_MANIFEST': 'The enclave manifest is not the attested one.',
  'error.ERR_PROOF_KEY_MISMATCH': 'The proof, the boot proof and the attestation name different enclave keys.',
  'error.ERR_PROOF_PCR': 'The enclave measurements (PCRs) are not the expected ones.',
  'error.ERR_PROOF_ADDRESS': 'The proven addresses are not the addresses you received.',
} as const satisfies Readonly<Record<string, Message>>;

type ProofBadgeCatalogue = { readonly [Key in keyof typeof proofBadgeEn]: Message };

export const proofBadgeEs: ProofBadgeCatalogue = {
  'proof.verifying': 'Verificando las App Proofs…',
  'proof.verified': 'Verificado con App Proofs',
  'proof.failed': 'No verificado: {check}',
  'proof.failedOther': 'No se pudieron comprobar las App Proofs',
  'proof.unavailable': 'Verificación no disponible',
  'proof.details': 'Detalles de la verificación',
  'proof.hideDetails': 'Ocultar los detalles de la verificación',
  'proof.noProofs': 'No hay App Proofs que comprobar.',
  'proof.noSource': 'Inicia sesión para comprobar las App Proofs.',
  'proof.checking': 'Comprobando cada prueba con el enclave que la generó…',
  'proof.count': { one: '{count} prueba comprobada.', other: '{count} pruebas comprobadas.' },
  'proof.failedCheck': 'Falló la comprobación «{check}».',
  'proof.trustAws': 'Raíz de confianza: AWS Nitro Enclaves.',
  'proof.trustCustom': 'Raíz de confianza: una raíz de prueba configurada en esta página, no AWS Nitro Enclaves.',
  'proof.addressProof': 'Dirección {address}',
  'proof.policyProof': 'Decisión de la política',
  'proof.otherProof': 'Prueba {index}',
  'proof.enclaveApp': 'Enclave',
  'proof.deploymentLabel': 'Despliegue',
  'proof.proofTime': 'Hora de la prueba',
  'proof.passed': 'Correcta',
  'proof.notPerformed': 'No realizada: {reason}',
  'proof.outcome.failed': 'Fallida',
  'proof.allAddresses': 'Direcciones recibidas',
  'proof.check.payload': 'Contenido de la prueba',
  'proof.check.app-proof-signature': 'Firma del enclave en la prueba',
  'proof.check.attestation-format': 'Documento de atestación',
  'proof.check.root-certificate': 'Certificado raíz',
  'proof.check.certificate-chain': 'Cadena de certificados',
  'proof.check.attestation-signature': 'Firma de la atestación',
  'proof.check.manifest-digest': 'Manifiesto del enclave',
  'proof.check.ephemeral-key': 'Clave del enclave',
  'proof.check.manifest-pcrs': 'Mediciones del manifiesto (PCR)',
  'proof.check.pcrs': 'Mediciones esperadas (PCR)',
  'proof.check.manifest-namespace': 'Espacio de nombres del manifiesto',
  'proof.check.deployment-label': 'Etiqueta de despliegue',
  'proof.check.manifest-approvals': 'Aprobaciones del manifiesto',
  'proof.check.addresses': 'Direcciones de la billetera',
  'proof.skip.manifest-pcrs': 'no se reconoció el formato del manifiesto',
  'proof.skip.pcrs': 'no se indicaron valores de medición esperados',
  'proof.skip.manifest-namespace': 'no se indicó un espacio de nombres esperado',
  'proof.skip.deployment-label': 'no se indicó una etiqueta de despliegue esperada',
  'proof.skip.manifest-approvals': 'no se comprueban las aprobaciones del quórum del manifiesto',
  'proof.skip.addresses': 'no se dieron direcciones recibidas para comparar',
  'proof.skip.other': 'no se comprueba aquí',
  'error.ERR_PROOF_PAYLOAD': 'Una prueba está dañada o incompleta.',
  'error.ERR_PROOF_SIGNATURE': 'Una prueba no está firmada por la clave de enclave que indica.',
  'error.ERR_PROOF_ATTESTATION_FORMAT': 'No se puede leer la atestación del enclave.',
  'error.ERR_PROOF_ATTESTATION_SIGNATURE': 'La atestación del enclave no está firmada por su certificado.',
  'error.ERR_PROOF_CERT_CHAIN': 'Los certificados de la atestación no forman una cadena válida.',
  'error.ERR_PROOF_CERT_EXPIRED': 'Un certificado de la atestación no era válido en el momento de la prueba.',
  'error.ERR_PROOF_ROOT': 'La atestación no lleva al certificado raíz de confianza.',
  'error.ERR_PROOF_MANIFEST': 'El manifiesto del enclave no es el atestado.',
  'error.ERR_PROOF_KEY_MISMATCH': 'La prueba, la prueba de arranque y la atestación indican claves de enclave distintas.',
  'error.ERR_PROOF_PCR': 'Las mediciones del enclave (PCR) no son las esperadas.',
  'error.ERR_PROOF_ADDRESS': 'Las direcciones probadas no son las que recibiste.',
};

export const proofBadgeAr: ProofBadgeCatalogue = {
  'proof.verifying': 'جارٍ التحقق من إثباتات التطبيق…',
  'proof.verified': 'تم التحقق بإثباتات التطبيق',
  'proof.failed': 'لم يتم التحقق: {check}',
  'proof.failedOther': 'تعذّر فحص إثباتات التطبيق',
  'proof.unavailable': 'التحقق غير متاح',
  'proof.details': 'تفاصيل التحقق',
  'proof.hideDetails': 'إخفاء تفاصيل التحقق',
  'proof.noProofs': 'لا توجد إثباتات تطبيق لفحصها.',
  'proof.noSource': 'سجّل الدخول لفحص إثباتات التطبيق.',
  'proof.checking': 'جارٍ فحص كل إثبات مقابل البيئة المعزولة التي أصدرته…',
  'proof.count': {
    zero: 'لم يُفحص أي إثبات.',
    one: 'تم فحص إثبات واحد.',
    two: 'تم فحص إثباتين.',
    few: 'تم فحص {count} إثباتات.',
    many: 'تم فحص {count} إثباتًا.',
    other: 'تم فحص {count} إثبات.',
  },
  'proof.failedCheck': 'فشل فحص «{check}».',
  'proof.trustAws': 'الجذر الموثوق: AWS Nitro Enclaves.',
  'proof.trustCustom': 'الجذر الموثوق: جذر اختباري مُعيَّن في هذه الصفحة، وليس AWS Nitro Enclaves.',
  'proof.addressProof': 'العنوان {address}',
  'proof.policyProof': 'قرار السياسة',
  'proof.otherProof': 'الإثبات {index}',
  'proof.enclaveApp': 'البيئة المعزولة',
  'proof.deploymentLabel': 'النشر',
  'proof.proofTime': 'وقت الإثبات',
  'proof.passed': 'ناجح',
  'proof.notPerformed': 'لم يُجرَ: {reason}',
  'proof.outcome.failed': 'فاشل',
  'proof.allAddresses': 'العناوين المستلمة',
  'proof.check.payload': 'محتوى الإثبات',
  'proof.check.app-proof-signature': 'توقيع البيئة المعزولة على الإثبات',
  'proof.check.attestation-format': 'مستند الشهادة',
  'proof.check.root-certificate': 'الشهادة الجذرية',
  'proof.check.certificate-chain': 'سلسلة الشهادات',
  'proof.check.attestation-signature': 'توقيع الشهادة',
  'proof.check.manifest-digest': 'بيان البيئة المعزولة',
  'proof.check.ephemeral-key': 'مفتاح البيئة المعزولة',
  'proof.check.manifest-pcrs': 'قياسات البيان (PCR)',
  'proof.check.pcrs': 'القياسات المتوقعة (PCR)',
  'proof.check.manifest-namespace': 'نطاق أسماء البيان',
  'proof.check.deployment-label': 'تسمية النشر',
  'proof.check.manifest-approvals': 'موافقات البيان',
  'proof.check.addresses': 'عناوين المحفظة',
  'proof.skip.manifest-pcrs': 'لم يُتعرّف على تنسيق البيان',
  'proof.skip.pcrs': 'لم تُحدَّد قيم قياس متوقعة',
  'proof.skip.manifest-namespace': 'لم يُحدَّد نطاق أسماء متوقع',
  'proof.skip.deployment-label': 'لم تُحدَّد تسمية نشر متوقعة',
  'proof.skip.manifest-approvals': 'لا تُفحص موافقات النصاب على البيان',
  'proof.skip.addresses': 'لم تُعطَ عناوين مستلمة للمقارنة',
  'proof.skip.other': 'لا يُفحص هنا',
  'error.ERR_PROOF_PAYLOAD': 'أحد الإثباتات تالف أو ناقص.',
  'error.ERR_PROOF_SIGNATURE': 'أحد الإثباتات غير موقّع بمفتاح البيئة المعزولة الذي يذكره.',
  'error.ERR_PROOF_ATTESTATION_FORMAT': 'تتعذّر قراءة شهادة البيئة المعزولة.',
  'error.ERR_PROOF_ATTESTATION_SIGNATURE': 'شهادة البيئة المعزولة غير موقّعة بشهادتها.',
  'error.ERR_PROOF_CERT_CHAIN': 'شهادات الإثبات لا تكوّن سلسلة صالحة.',
  'error.ERR_PROOF_CERT_EXPIRED': 'إحدى الشهادات لم تكن صالحة وقت الإثبات.',
  'error.ERR_PROOF_ROOT': 'الشهادة لا تنتهي إلى الشهادة الجذرية الموثوقة.',
  'error.ERR_PROOF_MANIFEST': 'بيان البيئة المعزولة ليس البيان المشهود له.',
  'error.ERR_PROOF_KEY_MISMATCH': 'الإثبات وإثبات الإقلاع والشهادة تذكر مفاتيح مختلفة للبيئة المعزولة.',
  'error.ERR_PROOF_PCR': 'قياسات البيئة المعزولة (PCR) ليست القياسات المتوقعة.',
  'error.ERR_PROOF_ADDRESS': 'العناوين المُثبتة ليست العناوين التي استلمتها.',
};

registerMessages('en', proofBadgeEn);
registerMessages('es', proofBadgeEs);
registerMessages('ar', proofBadgeAr);
