/**
 * `<latch-account>`'s strings for managing the account itself (issue 24): the name, removing a
 * contact, linked wallets and deleting the account, in English, Spanish and Arabic, with the
 * messages of ERR_ACCOUNT_NOT_EXPORTED and ERR_ACCOUNT_WALLET_LINKED. Registered with the element.
 */
import { registerMessages } from '../i18n/catalogues.ts';
import type { Message } from '../i18n/messages.ts';

export const manageEn = {
  'account.editName': 'Edit name',
  'account.newName': 'New name',
  'account.save': 'Save',
  'account.nameChanged': 'Your name was changed.',
  'account.nameInvalid': 'Enter a name of 1 to 256 characters.',
  'account.removeEmail': 'Remove email {contact}',
  'account.removePhone': 'Remove phone {contact}',
  'account.emailRemoved': 'Your email address was removed.',
  'account.phoneRemoved': 'Your phone number was removed.',
  'account.wallets': 'Linked wallets',
  'account.noWallets': 'No linked wallets.',
  'account.ethereumWallet': 'Ethereum wallet',
  'account.solanaWallet': 'Solana wallet',
  'account.unlinkWallet': 'Unlink wallet {address}',
  'account.linkWallet': 'Link a wallet',
  'account.walletChoices': 'Wallets in this browser',
  'account.linkWalletWith': 'Link {wallet}',
  'account.linkWalletWithSolana': 'Link {wallet} (Solana)',
  'account.noWalletFound': 'No wallet found in this browser.',
  'account.walletConfirm': 'Confirm in {wallet}…',
  'account.walletLinked': 'Wallet linked. You can log in with it now.',
  'account.walletUnlinked': 'Wallet unlinked.',
  'account.delete': 'Delete account',
  'account.deleteStart': 'Delete my account…',
  'account.deleteCounting': 'Finding what would be lost…',
  'account.deleteLoses': {
    one: 'Your {count} wallet or private key will be deleted with everything it holds, and so will your logins. This cannot be undone.',
    other: 'Your {count} wallets and private keys will be deleted with everything they hold, and so will your logins. This cannot be undone.',
  },
  'account.deleteUnexported': {
    one: '{count} of them was never exported: without a copy it is lost for good.',
    other: '{count} of them were never exported: without a copy they are lost for good.',
  },
  'account.deleteWithoutExport': 'Delete them without export: I accept that they are lost',
  'account.deleteWord': 'DELETE',
  'account.deleteTypeWord': 'Type {word} to confirm',
  'account.deleteWordWrong': 'Type {word} exactly to confirm.',
  'account.deleteConfirm': 'Delete my account',
  'account.deleting': 'Deleting your account…',
  'account.deleted': 'Your account was deleted. You are logged out.',
  'error.ERR_ACCOUNT_NOT_EXPORTED': 'Some wallets or keys were never exported. Export them first, or accept that they are lost.',
  'error.ERR_ACCOUNT_WALLET_LINKED': 'This wallet is already a way to log in to your account.',
} as const satisfies Readonly<Record<string, Message>>;

type ManageCatalogue = { readonly [Key in keyof typeof manageEn]: Message };

declare module '../i18n/messages.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LatchMessages extends ManageCatalogue {}
}

export const manageEs: ManageCatalogue = {
  'account.editName': 'Editar el nombre',
  'account.newName': 'Nuevo nombre',
  'account.save': 'Guardar',
  'account.nameChanged': 'Se cambió tu nombre.',
  'account.nameInvalid': 'Escribe un nombre de 1 a 256 caracteres.',
  'account.removeEmail': 'Quitar el correo {contact}',
  'account.removePhone': 'Quitar el teléfono {contact}',
  'account.emailRemoved': 'Se quitó tu correo electrónico.',
  'account.phoneRemoved': 'Se quitó tu número de teléfono.',
  'account.wallets': 'Billeteras vinculadas',
  'account.noWallets': 'No hay billeteras vinculadas.',
  'account.ethereumWallet': 'Billetera de Ethereum',
  'account.solanaWallet': 'Billetera de Solana',
  'account.unlinkWallet': 'Desvincular la billetera {address}',
  'account.linkWallet': 'Vincular una billetera',
  'account.walletChoices': 'Billeteras en este navegador',
  'account.linkWalletWith': 'Vincular {wallet}',
  'account.linkWalletWithSolana': 'Vincular {wallet} (Solana)',
  'account.noWalletFound': 'No se encontró ninguna billetera en este navegador.',
  'account.walletConfirm': 'Confirma en {wallet}…',
  'account.walletLinked': 'Billetera vinculada. Ya puedes iniciar sesión con ella.',
  'account.walletUnlinked': 'Billetera desvinculada.',
  'account.delete': 'Eliminar la cuenta',
  'account.deleteStart': 'Eliminar mi cuenta…',
  'account.deleteCounting': 'Buscando lo que se perdería…',
  'account.deleteLoses': {
    one: 'Se eliminará tu {count} billetera o clave privada con todo lo que contiene, y también tus inicios de sesión. No se puede deshacer.',
    other: 'Se eliminarán tus {count} billeteras y claves privadas con todo lo que contienen, y también tus inicios de sesión. No se puede deshacer.',
  },
  'account.deleteUnexported': {
    one: '{count} de ellas nunca se exportó: sin una copia se pierde para siempre.',
    other: '{count} de ellas nunca se exportaron: sin una copia se pierden para siempre.',
  },
  'account.deleteWithoutExport': 'Eliminarlas sin exportar: acepto que se pierden',
  'account.deleteWord': 'ELIMINAR',
  'account.deleteTypeWord': 'Escribe {word} para confirmar',
  'account.deleteWordWrong': 'Escribe {word} tal cual para confirmar.',
  'account.deleteConfirm': 'Eliminar mi cuenta',
  'account.deleting': 'Eliminando tu cuenta…',
  'account.deleted': 'Se eliminó tu cuenta. Cerraste la sesión.',
  'error.ERR_ACCOUNT_NOT_EXPORTED': 'Algunas billeteras o claves nunca se exportaron. Expórtalas primero, o acepta que se pierden.',
  'error.ERR_ACCOUNT_WALLET_LINKED': 'Esta billetera ya es una forma de iniciar sesión en tu cuenta.',
};

export const manageAr: ManageCatalogue = {
  'account.editName': 'تعديل الاسم',
  'account.newName': 'الاسم الجديد',
  'account.save': 'حفظ',
  'account.nameChanged': 'تم تغيير اسمك.',
  'account.nameInvalid': 'أدخل اسمًا من 1 إلى 256 حرفًا.',
  'account.removeEmail': 'إزالة البريد الإلكتروني {contact}',
  'account.removePhone': 'إزالة الهاتف {contact}',
  'account.emailRemoved': 'تمت إزالة بريدك الإلكتروني.',
  'account.phoneRemoved': 'تمت إزالة رقم هاتفك.',
  'account.wallets': 'المحافظ المرتبطة',
  'account.noWallets': 'لا توجد محافظ مرتبطة.',
  'account.ethereumWallet': 'محفظة إيثيريوم',
  'account.solanaWallet': 'محفظة سولانا',
  'account.unlinkWallet': 'إلغاء ربط المحفظة {address}',
  'account.linkWallet': 'ربط محفظة',
  'account.walletChoices': 'المحافظ في هذا المتصفح',
  'account.linkWalletWith': 'ربط {wallet}',
  'account.linkWalletWithSolana': 'ربط {wallet} (سولانا)',
  'account.noWalletFound': 'لم يتم العثور على محفظة في هذا المتصفح.',
  'account.walletConfirm': 'أكّد في {wallet}…',
  'account.walletLinked': 'تم ربط المحفظة. يمكنك تسجيل الدخول بها الآن.',
  'account.walletUnlinked': 'تم إلغاء ربط المحفظة.',
  'account.delete': 'حذف الحساب',
  'account.deleteStart': 'حذف حسابي…',
  'account.deleteCounting': 'جارٍ البحث عما سيُفقد…',
  'account.deleteLoses': {
    zero: 'لا توجد محافظ أو مفاتيح خاصة. ستُحذف طرق تسجيل الدخول. لا يمكن التراجع عن ذلك.',
    one: 'ستُحذف محفظتك أو مفتاحك الخاص الوحيد مع كل ما فيه، وكذلك طرق تسجيل الدخول. لا يمكن التراجع عن ذلك.',
    two: 'ستُحذف محفظتان أو مفتاحان خاصان مع كل ما فيهما، وكذلك طرق تسجيل الدخول. لا يمكن التراجع عن ذلك.',
    few: 'ستُحذف {count} محافظ ومفاتيح خاصة مع كل ما فيها، وكذلك طرق تسجيل الدخول. لا يمكن التراجع عن ذلك.',
    many: 'ستُحذف {count} محفظة ومفتاحًا خاصًا مع كل ما فيها، وكذلك طرق تسجيل الدخول. لا يمكن التراجع عن ذلك.',
    other: 'ستُحذف {count} محفظة ومفتاح خاص مع كل ما فيها، وكذلك طرق تسجيل الدخول. لا يمكن التراجع عن ذلك.',
  },
  'account.deleteUnexported': {
    zero: 'لم يُصدَّر أي منها قط.',
    one: 'واحد منها لم يُصدَّر قط: دون نسخة يُفقد إلى الأبد.',
    two: 'اثنان منها لم يُصدَّرا قط: دون نسخة يُفقدان إلى الأبد.',
    few: '{count} منها لم تُصدَّر قط: دون نسخة تُفقد إلى الأبد.',
    many: '{count} منها لم تُصدَّر قط: دون نسخة تُفقد إلى الأبد.',
    other: '{count} منها لم تُصدَّر قط: دون نسخة تُفقد إلى الأبد.',
  },
  'account.deleteWithoutExport': 'احذفها دون تصدير: أقبل أنها ستُفقد',
  'account.deleteWord': 'حذف',
  'account.deleteTypeWord': 'اكتب {word} للتأكيد',
  'account.deleteWordWrong': 'اكتب {word} كما هي للتأكيد.',
  'account.deleteConfirm': 'حذف حسابي',
  'account.deleting': 'جارٍ حذف حسابك…',
  'account.deleted': 'تم حذف حسابك. لقد سجّلت الخروج.',
  'error.ERR_ACCOUNT_NOT_EXPORTED': 'بعض المحافظ أو المفاتيح لم تُصدَّر قط. صدّرها أولًا، أو اقبل أنها ستُفقد.',
  'error.ERR_ACCOUNT_WALLET_LINKED': 'هذه المحفظة طريقة لتسجيل الدخول إلى حسابك بالفعل.',
};

registerMessages('en', manageEn);
registerMessages('es', manageEs);
registerMessages('ar', manageAr);
