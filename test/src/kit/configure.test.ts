// The page's kits: a default set by configure(), and one shared kit per (proxy, configuration)
// for elements that name theirs. Constructing a kit touches no network, storage or DOM.
import { describe, it, expect, expectCode } from '../../support/harness.ts';
import { $defaultKit, configure, getKit, kitFor } from '../../../src/kit/configure.ts';
import { LatchKit } from '../../../src/kit/latch-kit.ts';

describe('configure, getKit, kitFor', () => {
  it('has no default kit until configure(); a later configure() replaces it', () => {
    expect(getKit()).to.equal(undefined);
    const first = configure({ configId: 'one', proxyUrl: 'https://proxy.example' });
    expect(first).to.be.instanceOf(LatchKit);
    expect(getKit()).to.equal(first);
    expect(first.options).to.deep.equal({ configId: 'one', proxyUrl: 'https://proxy.example' });
    const second = configure({ configId: 'two' });
    expect(second).to.not.equal(first);
    expect(getKit()).to.equal(second);
  });

  it('tells listeners of $defaultKit about every configure(), so elements already on the page follow', () => {
    const seen: unknown[] = [];
    const unlisten = $defaultKit.listen((kit) => seen.push(kit));
    try {
      const a = configure({ configId: 'listened-a' });
      const b = configure({ configId: 'listened-b' });
      expect(seen).to.deep.equal([a, b]);
      expect(getKit()).to.equal($defaultKit.get());
    } finally {
      unlisten();
    }
  });

  it('shares one kit per (proxy URL, config id) pair', () => {
    const a = kitFor({ proxyUrl: 'https://a.example', configId: 'c1' });
    expect(kitFor({ proxyUrl: 'https://a.example/', configId: 'c1' })).to.equal(a);
    expect(kitFor({ proxyUrl: 'https://a.example', configId: 'c2' })).to.not.equal(a);
    expect(kitFor({ proxyUrl: 'https://b.example', configId: 'c1' })).to.not.equal(a);
    expect(a.options).to.deep.equal({ configId: 'c1', proxyUrl: 'https://a.example' });
  });

  it('hands out the default kit for its own pair, so its other options apply', () => {
    const fetchSpy: typeof fetch = (...args) => fetch(...args);
    const page = configure({ configId: 'page', proxyUrl: 'https://p.example/', fetch: fetchSpy });
    expect(kitFor({ proxyUrl: 'https://p.example', configId: 'page' })).to.equal(page);
    expect(kitFor({ proxyUrl: 'https://p.example', configId: 'other' })).to.not.equal(page);
    // No proxy URL means the hosted proxy, on both sides.
    const hosted = configure({ configId: 'hosted' });
    expect(kitFor({ configId: 'hosted' })).to.equal(hosted);
  });

  it('refuses a kit without a configuration id', async () => {
    await expectCode(() => configure({ configId: '' }), 'ERR_CONFIG_INVALID');
    await expectCode(() => kitFor({ configId: '' }), 'ERR_CONFIG_INVALID');
  });
});
