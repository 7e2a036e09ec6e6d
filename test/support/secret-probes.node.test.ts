// The probes of secret-probes.ts: each chance match that a substring probe makes is no match
// here, and each real leak still is.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { holdsSecret, holdsToken, holdsWordRun } from './secret-probes.ts';

describe('secret probes', () => {
  it('a phrase: three words in order, whole, whatever separates them; one common word is no match', () => {
    const words = ['all', 'wall', 'wallet', 'abandon', 'zoo', 'ability'];
    // The fresh-clone failure of issue 26: 'all' is a substring of this JSON, 'wall' and 'wallet' too.
    const detail = JSON.stringify({ walletId: '6373a82c-0d1f-4e55-9a2b-1c0de0ab1e00' });
    assert.equal(detail.includes(words[0]!), true);
    assert.equal(holdsWordRun(detail, words), false);
    assert.equal(holdsWordRun('wallet abandon', words), false);
    for (const leak of ['all wall wallet', '["wallet","abandon","zoo"]', 'x: Abandon, Zoo, Ability.', words.join(' ')]) {
      assert.equal(holdsWordRun(`before ${leak} after`, words), true, leak);
    }
    assert.equal(holdsWordRun('wallet zoo abandon', words), false, 'out of order');
  });

  it('a short secret only whole; a long one anywhere', () => {
    const code = '482913';
    for (const chance of ['at 1764248291300 ms', '0x9f482913ab', 'id=a482913', 'v482913']) assert.equal(holdsSecret(chance, code), false, chance);
    for (const leak of ['code 482913.', '{"otpCode":"482913"}', '?code=482913&state=x', '482913']) assert.equal(holdsSecret(leak, code), true, leak);
    assert.equal(holdsToken('A1B2 c3', 'A1B2'), true);
    const token = 'eyJhbGciOiJFUzI1NiJ9.eyJpZCI6IjEifQ.c2ln';
    assert.equal(holdsSecret(`Bearer${token}x`, token), true);
  });
});
