/**
 * What the gallery checks on each scene, in the page: axe (injected from the axe-core package;
 * evaluate is not subject to the page's CSP), and text that overflows its box. The overflow
 * check walks every text node through the shadow roots and compares where the text is drawn with
 * the box that holds it (its nearest non-inline ancestor); text a box clips on purpose (an
 * ellipsis, a visually hidden live region, a scroller) does not count.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer-core';

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe's violations for the whole document (shadow roots included): every rule axe runs by default but one. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    // page-has-heading-one is about the page, not the element: an open modal dialog makes the
    // page's own heading inert, as it should.
    const result = await axe.run(document, { resultTypes: ['violations'], rules: { 'page-has-heading-one': { enabled: false } } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
}

export interface Overflow {
  text: string;
  box: string;
  by: number;
}

/** Text drawn outside its box by more than a pixel, and a page wider than the window. */
export async function overflows(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const found: { text: string; box: string; by: number }[] = [];
    const describe = (el: Element): string => {
      const part = el.getAttribute('part');
      const host = (el.getRootNode() as ShadowRoot).host;
      return `${host ? `${host.localName} >>> ` : ''}${el.localName}${part ? `[part="${part}"]` : el.className ? `.${String(el.className).split(' ')[0]}` : ''}`;
    };
    /** The box a text is laid out in: its nearest ancestor that is not inline. */
    const boxOf = (el: Element): Element => {
      let node: Element | null = el;
      while (node) {
        const display = getComputedStyle(node).display;
        if (display !== 'inline' && display !== 'contents') return node;
        node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;
      }
      return el;
    };
    /** A box (or one around it) that clips its text on purpose. */
    const clipsOnPurpose = (el: Element): boolean => {
      for (let node: Element | null = el, depth = 0; node && depth < 4; depth += 1) {
        const style = getComputedStyle(node);
        if (style.textOverflow === 'ellipsis') return true;
        if (['auto', 'scroll'].includes(style.overflowX)) return true;
        // Visually hidden (screen-reader only) text: a 1px clipped box.
        if (style.clip !== 'auto' || (style.clipPath !== 'none' && style.clipPath !== '')) return true;
        if (node.getBoundingClientRect().width <= 1) return true;
        node = node.parentElement;
      }
      return false;
    };
    const visit = (root: Document | ShadowRoot): void => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        const parent = node.parentElement;
        if (!text || !parent || ['SCRIPT', 'STYLE', 'OPTION', 'TITLE'].includes(parent.tagName)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const drawn = range.getBoundingClientRect();
        if (drawn.width === 0 && drawn.height === 0) continue; // not rendered
        const box = boxOf(parent);
        const bounds = box.getBoundingClientRect();
        const by = Math.max(bounds.left - drawn.left, drawn.right - bounds.right);
        if (by > 1 && !clipsOnPurpose(box)) found.push({ text: text.slice(0, 60), box: describe(box), by: Math.round(by) });
      }
      const all = root.querySelectorAll('*');
      for (const el of Array.from(all)) if (el.shadowRoot) visit(el.shadowRoot);
    };
    visit(document);
    const wider = document.documentElement.scrollWidth - window.innerWidth;
    if (wider > 1) found.push({ text: '(the page)', box: 'html: wider than the window', by: wider });
    return found;
  });
}
