// Server-side rendering: importing the element modules in Node (no DOM) must not throw, and
// `latchkey/components` must define nothing. lit's Node build installs a registry shim on
// globalThis.customElements, so `latchkey/define` registers there (where lit SSR looks) without
// throwing, and defining again changes nothing.
//
// Written with the shared harness so that a browser run given this folder's glob loads the file
// harmlessly: in Chromium it registers nothing (the browser side is covered by the element tests).
import { describe, expect, it, runtime } from '../../support/harness.ts';

const TAGS = ['latch-otp-input'];

const registry = (): CustomElementRegistry | undefined =>
  (globalThis as { customElements?: CustomElementRegistry }).customElements;

if (runtime === 'node') {
  describe('components in Node', () => {
    it('runs without a DOM', () => {
      expect(typeof (globalThis as { document?: unknown }).document).to.equal('undefined');
    });

    it('imports latchkey/components without throwing and defines nothing', async () => {
      const components = await import('../../../components/index.ts');
      expect(components.LatchOtpInput).to.be.a('function');
      expect(components.LatchElement).to.be.a('function');
      expect(typeof registry()?.define, 'lit installs its registry shim').to.equal('function');
      for (const tag of TAGS) expect(registry()?.get(tag), `${tag} defined by an import`).to.equal(undefined);
    });

    it('imports latchkey/define without throwing; a second define() is a no-op', async () => {
      await import('../../../components/define.ts');
      const { LatchOtpInput } = await import('../../../components/index.ts');
      expect(registry()?.get('latch-otp-input')).to.equal(LatchOtpInput);
      expect(LatchOtpInput.define()).to.equal(false);
      expect(registry()?.get('latch-otp-input')).to.equal(LatchOtpInput);
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
