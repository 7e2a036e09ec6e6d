/**
 * The gallery (issue 16): every element in the states that matter (loading, empty, error, code
 * step, logged in, long names and addresses), in each theme (light, dark), language (en, es, ar)
 * and width (390 px, 1280 px), rendered by a real page (pages/gallery.html) against the
 * emulator. Each rendering must pass axe and have no text outside its box. With
 * LATCHKEY_GALLERY_OUT set (`npm run gallery`) it also writes a PNG of each rendering there, and
 * an index.html of every PNG in that folder. The scenes are split over three test files
 * (gallery-*.node.test.ts) to keep each within the end-to-end time limit; the login file also
 * checks that every scene is in one of them.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { e2eEngine, openPage, type Page } from './browser.ts';
import { startSite, type E2eSite } from './e2e-site.ts';
import { axeViolations, overflows } from './gallery-checks.ts';
import { SCENE_NAMES, type SceneName } from '../pages/gallery-scenes.ts';

const THEMES = ['light', 'dark'] as const;
const LOCALES = ['en', 'es', 'ar'] as const;
const WIDTHS = [390, 1280] as const;
const OUT = process.env.LATCHKEY_GALLERY_OUT ? resolve(process.env.LATCHKEY_GALLERY_OUT) : undefined;

// The dark theme is the emulated prefers-color-scheme, a CDP feature: Chromium only.
const skip = e2eEngine === 'chromium' ? false : `no color-scheme emulation over WebDriver BiDi in ${e2eEngine}`;

interface Shot {
  scene: string;
  theme: string;
  locale: string;
  width: number;
  file: string;
}

/**
 * One describe block: each of `scenes` is a test over every theme, language and width. With
 * `selfTest`, first a test that the checks do find what they look for.
 */
export function galleryTests(title: string, scenes: readonly SceneName[], { selfTest = false } = {}): void {
  describe(title, { timeout: 900_000 }, () => {
    let site: E2eSite;
    let page: Page;

    before(async () => {
      if (skip) return;
      site = await startSite({ pages: ['gallery.html'] });
      page = (await openPage(site.browser)).page;
      await page.exposeFunction('__latestCode', (contact: string) => site.emu.latestCode(contact));
      if (OUT) mkdirSync(OUT, { recursive: true });
    }, { timeout: 120_000 });

    after(async () => {
      await site?.close();
      if (OUT) writeFileSync(join(OUT, 'index.html'), indexPage(shotsIn(OUT)));
    });

    if (selfTest) {
      it('its checks find text outside its box, a page wider than the window and an axe violation', { skip }, async () => {
        await page.setViewport({ width: WIDTHS[0], height: 900 });
        await page.goto(site.url('gallery.html?scene=otp-input&locale=en'));
        await page.waitForFunction(() => window.__sceneReady === true);
        assert.deepEqual(await overflows(page), []);
        assert.deepEqual(await axeViolations(page), []);
        await page.evaluate(() => {
          // Through the CSSOM: the page's CSP refuses markup strings and style attributes.
          const add = (tag: string, text: string, style: Partial<CSSStyleDeclaration>): void => {
            const el = document.createElement(tag);
            el.textContent = text;
            Object.assign(el.style, style);
            document.getElementById('stage')!.append(el);
          };
          add('p', 'A sentence far too long for its box', { inlineSize: '80px', whiteSpace: 'nowrap' });
          add('p', 'Hard to read', { color: '#999', background: '#aaa' });
          add('div', '', { inlineSize: '2000px', blockSize: '1px' });
        });
        const found = await overflows(page);
        assert.deepEqual(found.map((o) => o.text), ['A sentence far too long for its box', '(the page)']);
        assert.deepEqual((await axeViolations(page)).map((v) => v.id), ['color-contrast']);
      });
    }

    for (const scene of scenes) {
      it(scene, { skip }, async () => {
        const problems: string[] = [];
        for (const locale of LOCALES) {
          // One load per language: the theme is the emulated color scheme and the width the viewport, both changed in place.
          await page.emulateMediaFeatures(scheme(THEMES[0]));
          await page.setViewport({ width: WIDTHS[0], height: 900 });
          await page.goto(site.url(`gallery.html?scene=${scene}&locale=${locale}`));
          await page.waitForFunction(() => window.__sceneReady === true || window.__sceneError !== undefined, { timeout: 30_000 });
          assert.equal(await page.evaluate(() => window.__sceneError), undefined, `${scene} (${locale}) did not render`);
          for (const theme of THEMES) {
            await page.emulateMediaFeatures(scheme(theme));
            for (const width of WIDTHS) {
              await page.setViewport({ width, height: 900 });
              await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
              const where = `${theme} ${locale} ${width}px`;
              // axe once per theme and language (colors, names and roles do not change with the width): it is the slow part.
              if (width === WIDTHS[0]) for (const v of await axeViolations(page)) problems.push(`${where}: axe ${v.id} (${v.impact}): ${v.help} at ${v.targets.join(', ')}`);
              for (const o of await overflows(page)) problems.push(`${where}: "${o.text}" overflows ${o.box} by ${o.by}px`);
              if (OUT) {
                const file = `${scene}--${theme}--${locale}--${width}.png`;
                // The window made as tall as the page, not fullPage: in a right-to-left page,
                // puppeteer's fullPage capture shifts the layout sideways.
                const height = await page.evaluate(() => document.documentElement.scrollHeight);
                await page.setViewport({ width, height: Math.max(900, height) });
                await page.screenshot({ path: join(OUT, file) });
                await page.setViewport({ width, height: 900 });
              }
            }
          }
        }
        assert.deepEqual(problems, []);
      });
    }
  });
}

/**
 * The color scheme to emulate, with reduced motion: the elements then switch colors at once
 * instead of transitioning, so axe never measures a color half-way.
 */
function scheme(theme: string): { name: string; value: string }[] {
  return [
    { name: 'prefers-color-scheme', value: theme },
    { name: 'prefers-reduced-motion', value: 'reduce' },
  ];
}

/** The pictures in `dir`, named `scene--theme--locale--width.png`. */
function shotsIn(dir: string): Shot[] {
  return readdirSync(dir)
    .map((file) => /^(.+)--(light|dark)--([a-z]+)--(\d+)\.png$/.exec(file))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([file, scene, theme, locale, width]) => ({ file: file!, scene: scene!, theme: theme!, locale: locale!, width: Number(width) }))
    .sort((a, b) => a.file.localeCompare(b.file));
}

function indexPage(shots: Shot[]): string {
  const escape = (s: string): string => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const sections = SCENE_NAMES.map((scene) => {
    const figures = shots
      .filter((s) => s.scene === scene)
      .sort((a, b) => a.theme.localeCompare(b.theme) || LOCALES.indexOf(a.locale as (typeof LOCALES)[number]) - LOCALES.indexOf(b.locale as (typeof LOCALES)[number]) || a.width - b.width)
      .map((s) => `<figure><a href="${escape(s.file)}"><img src="${escape(s.file)}" alt="${escape(`${scene}, ${s.theme}, ${s.locale}, ${s.width} px`)}" loading="lazy" width="${s.width === 390 ? 195 : 320}"></a><figcaption>${s.theme} · ${s.locale} · ${s.width} px</figcaption></figure>`)
      .join('\n');
    return `<section id="${scene}"><h2>${scene}</h2><div class="row">${figures}</div></section>`;
  }).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Latchkey gallery</title>
<style>body{font-family:system-ui,sans-serif;margin:24px}.row{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}figure{margin:0}img{border:1px solid #ccc;display:block}figcaption{font-size:12px;color:#555}</style>
</head><body><h1>Latchkey gallery</h1><p>Every element in each state, theme, language and width (written by <code>npm run gallery</code>).</p>
<nav><ul>${SCENE_NAMES.map((s) => `<li><a href="#${s}">${s}</a></li>`).join('')}</ul></nav>
${sections}
</body></html>
`;
}
