// The hidden-character filter: every invisible or bidirectional character is marked in its
// place, visible text (Latin, Arabic, tab, line breaks) is left alone.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hasHiddenCharacters, revealHiddenCharacters, shownText } from '../../../src/review/hidden-characters.ts';

describe('hidden characters', () => {
  it('marks zero-width, bidi marks, embeddings, overrides, isolates, BOM, tags, controls and fillers', () => {
    const hidden = ['\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u061c', '\u202a', '\u202e', '\u2066', '\u2069', '\u2060', '\ufeff', '\u00ad', '\u{e0041}', '\u0000', '\u001b', '\u0085', '\u3164', '\ufe0f', '\u2028'];
    for (const c of hidden) {
      assert.equal(hasHiddenCharacters(`bank${c}.example`), true, JSON.stringify(c));
      assert.equal(revealHiddenCharacters(`a${c}b`), `a⟦U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟧b`);
    }
  });

  it('leaves visible text alone and says nothing', () => {
    let found = 0;
    for (const text of ['app.example', 'Sign in\n\tNonce: 7', 'مرحبا بك', 'Ñandú — ✓', '']) {
      assert.equal(hasHiddenCharacters(text), false, text);
      assert.equal(shownText(text, () => found++), text);
    }
    assert.equal(found, 0);
    assert.equal(shownText('pay \u202Eevil', () => found++), 'pay ⟦U+202E⟧evil');
    assert.equal(found, 1);
  });
});
