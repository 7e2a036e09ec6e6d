// Server-side rendering: importing the element modules in Node (no DOM) must not throw, and
// `latchkey/components` must define nothing. lit's Node build installs a registry shim on
// globalThis.customElements, so `latchkey/define` registers there (where lit SSR looks) without
// throwing, and defining again changes nothing. Each element's own strings are registered when
// its module loads.
//
// Written with the shared harness so that a browser run given this folder's glob loads the file
// harmlessly: in Chromium it registers nothing (the browser side is covered by the element tests).
import type { MessageKey } from '../../../components/i18n/messages.ts';
import { describe, expect, it, runtime } from '../../support/harness.ts';

type ElementClass = CustomElementConstructor & { readonly tag: string; define(tag?: string): boolean };

/** Every element of the foundation's folders: its tag, its module, the class's name in `latchkey/components`. */
const ELEMENTS: readonly { tag: string; name: string; load: () => Promise<ElementClass> }[] = [
  { tag: 'latch-approvals', name: 'LatchApprovals', load: async () => (await import('../../../components/latch-approvals/latch-approvals.ts')).LatchApprovals },
  { tag: 'latch-onramp', name: 'LatchOnramp', load: async () => (await import('../../../components/latch-onramp/latch-onramp.ts')).LatchOnramp },
  { tag: 'latch-otp-input', name: 'LatchOtpInput', load: async () => (await import('../../../components/latch-otp-input/latch-otp-input.ts')).LatchOtpInput },
  { tag: 'latch-proof-badge', name: 'LatchProofBadge', load: async () => (await import('../../../components/latch-proof-badge/latch-proof-badge.ts')).LatchProofBadge },
  { tag: 'latch-session', name: 'LatchSession', load: async () => (await import('../../../components/latch-session/latch-session.ts')).LatchSession },
  { tag: 'latch-signup', name: 'LatchSignup', load: async () => (await import('../../../components/latch-signup/latch-signup.ts')).LatchSignup },
  { tag: 'latch-step-up', name: 'LatchStepUp', load: async () => (await import('../../../components/latch-step-up/latch-step-up.ts')).LatchStepUp },
  { tag: 'latch-tx-status', name: 'LatchTxStatus', load: async () => (await import('../../../components/latch-tx-status/latch-tx-status.ts')).LatchTxStatus },
  { tag: 'latch-wallet', name: 'LatchWallet', load: async () => (await import('../../../components/latch-wallet/latch-wallet.ts')).LatchWallet },
  { tag: 'latch-wallet-accounts', name: 'LatchWalletAccounts', load: async () => (await import('../../../components/latch-wallet-accounts/latch-wallet-accounts.ts')).LatchWalletAccounts },
  { tag: 'latch-wallet-add-account', name: 'LatchWalletAddAccount', load: async () => (await import('../../../components/latch-wallet-add-account/latch-wallet-add-account.ts')).LatchWalletAddAccount },
  { tag: 'latch-wallet-create', name: 'LatchWalletCreate', load: async () => (await import('../../../components/latch-wallet-create/latch-wallet-create.ts')).LatchWalletCreate },
  { tag: 'latch-wallet-export', name: 'LatchWalletExport', load: async () => (await import('../../../components/latch-wallet-export/latch-wallet-export.ts')).LatchWalletExport },
  { tag: 'latch-wallet-import', name: 'LatchWalletImport', load: async () => (await import('../../../components/latch-wallet-import/latch-wallet-import.ts')).LatchWalletImport },
  { tag: 'latch-wallet-send', name: 'LatchWalletSend', load: async () => (await import('../../../components/latch-wallet-send/latch-wallet-send.ts')).LatchWalletSend },
  { tag: 'latch-wallet-sign', name: 'LatchWalletSign', load: async () => (await import('../../../components/latch-wallet-sign/latch-wallet-sign.ts')).LatchWalletSign },
];

/** One string of each element's own catalogue (Spanish and Arabic are registered on import too). */
const OWN_STRINGS: readonly [locale: string, key: MessageKey, text: string][] = [
  ['es', 'onramp.title', 'Comprar criptomonedas'],
  ['ar', 'onramp.submit', 'المتابعة إلى المزوّد'],
  ['en', 'error.ERR_ONRAMP_AMOUNT', 'Enter an amount greater than 20, or leave it empty.'],
  ['es', 'proof.verified', 'Verificado con App Proofs'],
  ['ar', 'approvals.reject', 'رفض'],
  ['es', 'session.user', 'Usuario'],
  ['es', 'signup.title', 'Crea tu cuenta'],
  ['en', 'tx.kind.custom', 'Custom error'],
  ['es', 'wallet.title', 'Billetera'],
  ['ar', 'wallet.sign.kindTypedData', 'بيانات منظَّمة (EIP-712)'],
];

const registry = (): CustomElementRegistry | undefined =>
  (globalThis as { customElements?: CustomElementRegistry }).customElements;

if (runtime === 'node') {
  describe('components in Node', () => {
    it('runs without a DOM', () => {
      expect(typeof (globalThis as { document?: unknown }).document).to.equal('undefined');
      expect(typeof (globalThis as { window?: unknown }).window).to.equal('undefined');
    });

    it('imports each element module without throwing; the import defines nothing and brings its strings', async () => {
      for (const { tag, load } of ELEMENTS) {
        const ctor = await load();
        expect(ctor.tag, `${tag}'s class`).to.equal(tag);
        expect(registry()?.get(tag), `${tag} defined by an import`).to.equal(undefined);
      }
      const { translate } = await import('../../../components/i18n/translate.ts');
      for (const [locale, key, text] of OWN_STRINGS) expect(translate(locale, key), `${locale} ${key}`).to.equal(text);
    });

    it('imports latchkey/components without throwing and defines nothing', async () => {
      const components: Record<string, unknown> = await import('../../../components/index.ts');
      expect(components.LatchElement).to.be.a('function');
      expect(typeof registry()?.define, 'lit installs its registry shim').to.equal('function');
      for (const { tag, name, load } of ELEMENTS) {
        expect(components[name], `latchkey/components exports ${name}`).to.equal(await load());
        expect(registry()?.get(tag), `${tag} defined by an import`).to.equal(undefined);
      }
    });

    it('imports latchkey/define without throwing: every element is registered; a second define() is a no-op', async () => {
      await import('../../../components/define.ts');
      for (const { tag, load } of ELEMENTS) {
        const ctor = await load();
        expect(registry()?.get(tag), tag).to.equal(ctor);
        expect(ctor.define(), `${tag} defined twice`).to.equal(false);
        expect(registry()?.get(tag), tag).to.equal(ctor);
      }
    });

    it('defineElement does nothing where there is no registry at all', async () => {
      const { defineElement } = await import('../../../components/internal/define-element.ts');
      const g = globalThis as { customElements?: CustomElementRegistry };
      const saved = g.customElements;
      delete g.customElements;
      try {
        class Probe {}
        expect(defineElement('latch-probe', Probe as unknown as CustomElementConstructor)).to.equal(false);
      } finally {
        g.customElements = saved;
      }
      expect(registry()?.get('latch-probe')).to.equal(undefined);
    });
  });
}
