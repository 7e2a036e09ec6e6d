// Design tokens and the config → custom property mapping. Plain logic (the documentation check
// reads the source file, so it runs in Node only).
import { LATCH_TOKENS, LATCH_TOKEN_NAMES } from '../../../components/styles/tokens.ts';
import { isSafeCssValue, themeFromConfig } from '../../../components/styles/theme-from-config.ts';
import { tokenChain, tokenStyles } from '../../../components/styles/token-styles.ts';
import { describe, expect, it, runtime } from '../../support/harness.ts';

describe('tokens', () => {
  it('there are at least 30, with unique kebab-case names', () => {
    expect(LATCH_TOKENS.length).to.be.at.least(30);
    expect(LATCH_TOKEN_NAMES.size).to.equal(LATCH_TOKENS.length);
    for (const { name } of LATCH_TOKENS) expect(/^[a-z][a-z0-9-]*$/.test(name), name).to.equal(true);
  });

  it('cover colors, typography, spacing, radius, control height, shadow, transition, focus ring and the modal z-index', () => {
    for (const name of [
      'color-primary', 'color-on-primary', 'color-surface', 'color-on-surface', 'color-muted', 'color-border',
      'color-error', 'color-success', 'color-focus-ring', 'font-family', 'font-size-md', 'font-weight-bold',
      'space-md', 'radius', 'control-height', 'shadow', 'transition-duration', 'z-index-modal',
    ]) expect(LATCH_TOKEN_NAMES.has(name), name).to.equal(true);
  });

  it('every color has a dark value', () => {
    const colors = LATCH_TOKENS.filter((t) => t.name.startsWith('color-') && t.name !== 'color-scheme' && !t.value.includes('var('));
    expect(colors.length).to.be.at.least(14);
    for (const token of colors) expect(token.dark, token.name).to.be.a('string');
  });

  it('the CSS resolves each token page → config → default, and primary through --accent', () => {
    const css = tokenStyles.cssText;
    expect(tokenChain('radius', '0.5rem')).to.equal('var(--latch-radius, var(--latch-config-radius, 0.5rem))');
    expect(css).to.contain('--_radius: var(--latch-radius, var(--latch-config-radius, 0.5rem));');
    expect(css).to.contain('--_color-surface: var(--latch-color-surface, var(--latch-config-color-surface, light-dark(#ffffff, #18181b)));');
    expect(css).to.contain('--accent: var(--latch-color-primary, var(--latch-config-color-primary, light-dark(#4338ca, #a5b4fc))); --_color-primary: var(--accent);');
    expect(css).to.contain('@supports not (color: light-dark(#000, #fff))');
    for (const { name } of LATCH_TOKENS) expect(css, name).to.contain(`--latch-${name},`);
  });

  if (runtime === 'node') {
    it('every token is documented with @cssproperty in tokens.ts', async () => {
      const fs = 'node:fs';
      const { readFileSync } = (await import(/* @vite-ignore */ fs)) as { readFileSync: (path: URL, encoding: 'utf8') => string };
      const source = readFileSync(new URL('../../../components/styles/tokens.ts', import.meta.url), 'utf8');
      const documented = new Set([...source.matchAll(/@cssproperty --latch-([a-z0-9-]+) - \S/g)].map((m) => m[1]));
      expect([...LATCH_TOKEN_NAMES].filter((name) => !documented.has(name))).to.deep.equal([]);
      expect([...documented].filter((name) => !LATCH_TOKEN_NAMES.has(name ?? ''))).to.deep.equal([]);
    });
  }
});

describe('themeFromConfig', () => {
  it('maps theme colors (token names and aliases), radius, font and dark mode', () => {
    const props = themeFromConfig({
      theme: {
        colors: { primary: '#ff0000', background: '#000', text: 'white', 'color-error': 'rgb(200 0 0)', muted: '#777' },
        radius: '12px',
        font: 'Inter, sans-serif',
        darkMode: true,
        logoUrl: 'https://example.com/logo.svg',
      },
    });
    expect(props).to.deep.equal({
      '--latch-config-color-primary': '#ff0000',
      '--latch-config-color-surface': '#000',
      '--latch-config-color-on-surface': 'white',
      '--latch-config-color-error': 'rgb(200 0 0)',
      '--latch-config-color-muted': '#777',
      '--latch-config-radius': '12px',
      '--latch-config-font-family': 'Inter, sans-serif',
      '--latch-config-color-scheme': 'dark',
    });
  });

  it('darkMode false/auto/absent', () => {
    expect(themeFromConfig({ theme: { darkMode: false } })).to.deep.equal({ '--latch-config-color-scheme': 'light' });
    expect(themeFromConfig({ theme: { darkMode: 'auto' } })).to.deep.equal({ '--latch-config-color-scheme': 'light dark' });
    expect(themeFromConfig({ theme: {} })).to.deep.equal({});
    expect(themeFromConfig({})).to.deep.equal({});
    expect(themeFromConfig(null)).to.deep.equal({});
  });

  it('drops unknown names and unsafe values', () => {
    const props = themeFromConfig({
      theme: {
        colors: {
          sparkle: '#fff',
          scheme: 'dark',
          primary: 'url(https://tracker.example/pixel)',
          surface: 'red; background: url(x)',
          'on-primary': 'white !important',
          border: '',
        },
        radius: '4px}',
      },
    });
    expect(props).to.deep.equal({});
  });

  it('isSafeCssValue', () => {
    for (const ok of ['#fff', 'rgb(1 2 3 / 50%)', 'light-dark(#fff, #000)', 'var(--brand)', '"Inter", sans-serif']) expect(isSafeCssValue(ok), ok).to.equal(true);
    for (const bad of [undefined, 3, '', '   ', 'a;b', 'x{', 'image-set("a.png" 1x)', 'URL(x)', 'a\\62', '<b>', 'a'.repeat(201), '@import']) {
      expect(isSafeCssValue(bad), String(bad)).to.equal(false);
    }
  });
});
