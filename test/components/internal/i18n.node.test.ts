// i18n: catalogues, locale resolution, plurals and numbers through Intl, copy overrides.
// Plain logic: runs in Node (node-tests) and, through the shared harness, in Chromium too.
import { ar } from '../../../components/i18n/ar.ts';
import {
  hasMessages,
  loadMessages,
  lookupMessage,
  messagesReady,
  registerMessageLoader,
  registerMessages,
} from '../../../components/i18n/catalogues.ts';
import { en } from '../../../components/i18n/en.ts';
import { es } from '../../../components/i18n/es.ts';
import { canonicalLocale, isRtl, resolveLocale } from '../../../components/i18n/locale.ts';
import type { Message, MessageKey } from '../../../components/i18n/messages.ts';
import { errorMessageKey, formatNumber, translate } from '../../../components/i18n/translate.ts';
import { LatchError } from '../../../src/errors/latch-error.ts';
import { LatchErrorCodes } from '../../../src/errors/latch-error-codes.ts';
import { onrampAr, onrampEn, onrampEs } from '../../../components/latch-onramp/onramp-messages.ts';
import { sessionAr, sessionEn, sessionEs } from '../../../components/latch-session/latch-session.messages.ts';
import { before, describe, expect, it } from '../../support/harness.ts';

// An element-owned key, added the documented way (interface augmentation + registerMessages).
declare module '../../../components/i18n/messages.ts' {
  interface LatchMessages {
    'test.only': Message;
  }
}

const placeholders = (message: Message): string[] => {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '')))].sort();
};

describe('lazy catalogues', () => {
  it('Spanish loads on demand; before that its keys fall back to English', async () => {
    expect(hasMessages('es')).to.equal(true);
    expect(messagesReady('es')).to.equal(false);
    expect(translate('es', 'otp.resend')).to.equal('Resend code');
    await Promise.all([loadMessages('es'), loadMessages('es')]);
    expect(messagesReady('es')).to.equal(true);
    expect(translate('es', 'otp.resend')).to.equal('Reenviar código');
    expect(lookupMessage('es', 'otp.resend')).to.equal(es['otp.resend']);
  });

  it('a failing loader leaves English, and later loaders still load', async () => {
    registerMessageLoader('zz', () => Promise.reject(new Error('offline')));
    expect(hasMessages('zz')).to.equal(true);
    await loadMessages('zz');
    expect(messagesReady('zz')).to.equal(true);
    expect(translate('zz', 'otp.resend')).to.equal('Resend code');
    registerMessageLoader('zz', () => Promise.resolve({ 'otp.resend': 'Zz' }));
    expect(messagesReady('zz')).to.equal(false);
    await loadMessages('zz');
    expect(translate('zz', 'otp.resend')).to.equal('Zz');
  });
});

describe('i18n catalogues', () => {
  const keys = Object.keys(en) as (keyof typeof en)[];
  before(async () => {
    await Promise.all([loadMessages('es'), loadMessages('ar')]);
  });

  it('es and ar translate every English key and nothing else', () => {
    expect(Object.keys(es).sort()).to.deep.equal([...keys].sort());
    expect(Object.keys(ar).sort()).to.deep.equal([...keys].sort());
  });

  it('translations keep the same placeholders (plural forms may drop {count} for one/two)', () => {
    for (const key of keys) {
      for (const [name, catalogue] of [['es', es], ['ar', ar]] as const) {
        const theirs = placeholders(catalogue[key]);
        const ours = placeholders(en[key]);
        if (typeof en[key] === 'string') expect(theirs, `${name} ${key}`).to.deep.equal(ours);
        else expect(theirs.every((p) => ours.includes(p)), `${name} ${key}`).to.equal(true);
      }
    }
  });

  it('no message is empty or left in English in Arabic', () => {
    for (const key of keys) {
      const message = ar[key];
      const text = typeof message === 'string' ? message : message.other;
      expect(text.trim().length, key).to.be.greaterThan(0);
      expect(/[\u0600-\u06ff]/.test(text), `ar ${key} has Arabic script`).to.equal(true);
    }
  });

  it('every error tells the person what to do next, in en, es and ar (its last sentence asks for an action)', () => {
    // The imperatives the catalogues use for a next step; a message without one only says what broke.
    const next: Record<string, RegExp> = {
      en: /\b(try|check|ask|wait|log in|allow|continue|use|leave|enter|start)\b/i,
      es: /(inténtalo|intenta|revisa|revísa|pide|espera|vuelve|inicia sesión|permite|continúa|usa |sal |introduce|escribe|empieza)/i,
      ar: /(حاول|تحقّق|اطلب|انتظر|سجّل|اسمح|تابع|استخدم|اخرج|أدخل|ابدأ)/,
    };
    // The core errors, the elements' own, and the failures an element states without an error code.
    const failures: [Record<string, Record<string, Message>>, string[]][] = [
      [{ en, es, ar }, keys.filter((k) => k.startsWith('error.'))],
      [{ en: sessionEn, es: sessionEs, ar: sessionAr }, ['error.ERR_SESSION_REFRESH', 'session.ended']],
      [{ en: onrampEn, es: onrampEs, ar: onrampAr }, ['error.ERR_ONRAMP_AMOUNT', 'error.ERR_ONRAMP_SUBDIVISION', 'onramp.status.FAILED']],
    ];
    for (const [catalogues, failureKeys] of failures) {
      for (const key of failureKeys) {
        for (const [language, catalogue] of Object.entries(catalogues)) {
          const message = catalogue[key]!;
          const text = typeof message === 'string' ? message : message.other;
          const sentences = text.split(/(?<=[.。])\s+/);
          expect(next[language]!.test(sentences[sentences.length - 1] ?? ''), `${language} ${key}: ${text}`).to.equal(true);
        }
      }
    }
  });

  it('has the shared login words the elements need', () => {
    expect(translate('en', 'login.continueWith', { provider: 'Google' })).to.equal('Continue with Google');
    expect(translate('es', 'login.continueWith', { provider: 'Google' })).to.equal('Continuar con Google');
    expect(translate('ar', 'login.continueWith', { provider: 'Google' })).to.equal('المتابعة باستخدام Google');
    for (const key of ['login.email', 'login.phone', 'login.sendCode', 'otp.enterCode', 'otp.resend', 'login.passkey', 'session.logout', 'error.generic'] as const) {
      expect(translate('es', key)).to.not.equal(translate('en', key));
    }
  });

  it('registerMessages adds a language and element-owned keys', () => {
    expect(hasMessages('xx')).to.equal(false);
    registerMessages('en', { 'test.only': 'Only in a test, {name}' });
    registerMessages('es', { 'test.only': 'Solo en una prueba, {name}' });
    expect(translate('es', 'test.only', { name: 'Ada' })).to.equal('Solo en una prueba, Ada');
    // A language with no translation of a key falls back to English.
    expect(translate('ar', 'test.only', { name: 'Ada' })).to.equal('Only in a test, Ada');
    registerMessages('XX', { 'otp.resend': 'Xx' });
    expect(hasMessages('xx')).to.equal(true);
    expect(lookupMessage('xx', 'otp.resend')).to.equal('Xx');
  });
});

describe('translate', () => {
  before(async () => {
    await Promise.all([loadMessages('es'), loadMessages('ar')]);
  });
  it('interpolates, leaves unknown placeholders visible, and formats numbers for the locale', () => {
    expect(translate('en', 'otp.digitLabel', { position: 2, length: 6 })).to.equal('Digit 2 of 6');
    expect(translate('en', 'otp.digitLabel', { position: 2 })).to.equal('Digit 2 of {length}');
    expect(translate('ar-EG', 'otp.digitLabel', { position: 2, length: 6 })).to.equal('الرقم ٢ من ٦');
    expect(formatNumber('en', 12345)).to.equal('12,345');
    expect(formatNumber('es', 12345)).to.equal(new Intl.NumberFormat('es').format(12345));
  });

  it('picks plural forms with Intl.PluralRules, all six in Arabic', () => {
    expect(translate('en', 'otp.resendWait', { count: 1 })).to.equal('You can ask for a new code in 1 second.');
    expect(translate('en', 'otp.resendWait', { count: 5 })).to.equal('You can ask for a new code in 5 seconds.');
    expect(translate('es', 'otp.resendWait', { count: 1 })).to.equal('Podrás pedir un código nuevo en 1 segundo.');
    const wait = (count: number): string => translate('ar', 'otp.resendWait', { count });
    expect(wait(1)).to.equal('يمكنك طلب رمز جديد بعد ثانية واحدة.');
    expect(wait(2)).to.equal('يمكنك طلب رمز جديد بعد ثانيتين.');
    expect(wait(3)).to.equal('يمكنك طلب رمز جديد بعد 3 ثوانٍ.');
    expect(wait(11)).to.equal('يمكنك طلب رمز جديد بعد 11 ثانية.');
    expect(wait(100)).to.equal('يمكنك طلب رمز جديد بعد 100 ثانية.');
    expect(wait(0)).to.equal('يمكنك طلب رمز جديد بعد 0 ثانية.');
  });

  it('config copy overrides a string by key (own keys only), in every locale', () => {
    const copy = { 'otp.enterCode': 'Type the code we emailed', 'login.continueWith': 'Sign in via {provider}' };
    expect(translate('ar', 'otp.enterCode', undefined, copy)).to.equal('Type the code we emailed');
    expect(translate('en', 'login.continueWith', { provider: 'X' }, copy)).to.equal('Sign in via X');
    expect(translate('en', 'otp.resend', undefined, copy)).to.equal('Resend code');
    const inherited = Object.create({ 'otp.resend': 'from the prototype' }) as Record<string, string>;
    expect(translate('en', 'otp.resend', undefined, inherited)).to.equal('Resend code');
  });

  it('an unknown key shows itself rather than nothing', () => {
    expect(translate('en', 'no.such.key' as MessageKey)).to.equal('no.such.key');
  });

  it('error keys: the code when catalogued, else error.generic, for any error-like value', () => {
    expect(errorMessageKey(new LatchError('ERR_OTP_INVALID', 'wrong code'))).to.equal('error.ERR_OTP_INVALID');
    expect(errorMessageKey(new LatchError('ERR_KEY_FORMAT', 'x'))).to.equal('error.generic');
    expect(errorMessageKey({ code: 'ERR_PASSKEY_CANCELLED' })).to.equal('error.ERR_PASSKEY_CANCELLED');
    expect(errorMessageKey(new Error('plain'))).to.equal('error.generic');
    expect(errorMessageKey(null)).to.equal('error.generic');
    // Every catalogued error key is a real LatchError code.
    const codes = new Set<string>(LatchErrorCodes);
    for (const key of Object.keys(en).filter((k) => k.startsWith('error.ERR_'))) expect(codes.has(key.slice(6)), key).to.equal(true);
  });
});

describe('locale', () => {
  it('resolves attribute, then config, then navigator languages, then en', () => {
    expect(resolveLocale({ attribute: 'es', config: 'ar', languages: ['en-US'] })).to.equal('es');
    expect(resolveLocale({ attribute: null, config: 'ar-EG', languages: ['es'] })).to.equal('ar-EG');
    expect(resolveLocale({ languages: ['fr-FR', 'es-MX', 'en'] })).to.equal('es-MX');
    expect(resolveLocale({ attribute: 'fr', config: 'de', languages: ['it'] })).to.equal('en');
    expect(resolveLocale({})).to.equal('en');
  });

  it('skips invalid tags and canonicalizes', () => {
    expect(canonicalLocale('es_mx')).to.equal('es-MX');
    expect(canonicalLocale('not a tag!')).to.equal(null);
    expect(resolveLocale({ attribute: '!!', config: 'AR' })).to.equal('ar');
  });

  it('isRtl knows Arabic, Hebrew, Persian and Urdu', () => {
    for (const tag of ['ar', 'ar-EG', 'he', 'fa-IR', 'ur']) expect(isRtl(tag), tag).to.equal(true);
    for (const tag of ['en', 'es', 'arn', 'fr']) expect(isRtl(tag), tag).to.equal(false);
  });
});
