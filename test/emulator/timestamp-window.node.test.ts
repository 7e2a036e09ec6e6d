// The liveness check of every activity body (timestampMs), on its own, without a server: only
// canonical decimal milliseconds inside the window pass, both edges included; no magnitude is
// guessed (issue 39: "accept seconds too" and "staleness for 13 digits only" each fail here).
// B6's titled tests send the same over HTTP (activity-api.node.test.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkTimestamp, DEFAULT_TIMESTAMP_WINDOW } from '../../demo/emulator/api/timestamp-window.ts';

const now = 1_796_650_000_000;
const window = DEFAULT_TIMESTAMP_WINDOW;

/** The refusal's service code and message, or 'accepted'. */
function outcome(value: unknown, at = now): string {
  try {
    checkTimestamp(value, at, window);
    return 'accepted';
  } catch (error) {
    const e = error as { serviceErrorCode?: string; message: string };
    return `${e.serviceErrorCode} ${e.message}`;
  }
}

describe('checkTimestamp (timestampMs liveness)', () => {
  it('accepts canonical milliseconds inside the window, both edges included, and returns the text', () => {
    for (const ms of [now, now - window.pastMs, now + window.futureMs, now - 1, now + 1]) {
      assert.equal(checkTimestamp(String(ms), now, window), String(ms));
      assert.equal(checkTimestamp(ms, now, window), String(ms), 'a plain integer, as protobuf JSON reads int64');
    }
  });

  it('refuses one millisecond past either edge: stale, or in the future', () => {
    assert.match(outcome(String(now - window.pastMs - 1)), /^INVALID_TIME .*too old/);
    assert.match(outcome(String(now + window.futureMs + 1)), /^INVALID_TIME .*in the future/);
    assert.match(outcome(now - window.pastMs - 1), /too old/);
  });

  it('refuses every other spelling of a time in the window, and seconds, with INVALID_TIME saying what a timestamp is', () => {
    const seconds = Math.floor(now / 1000);
    const odd = [
      String(seconds), seconds, '5', 5, '0', 0, '1', '-0', `-${now}`, -now, '1e12', '1.7e12', `${now / 1000}e3`, 'Infinity', 'NaN', Number.NaN,
      ` ${now}`, `${now} `, `\n${now}`, `+${now}`, `0${now}`, `00${now}`, `${now}.0`, `${now}.5`, now + 0.5, `0x${now.toString(16)}`, now.toString(16),
      '', '１' + String(now).slice(1), [String(now)], { ms: String(now) }, true, null, undefined, BigInt(now), String(now).repeat(2), '9'.repeat(17),
      Number.MAX_SAFE_INTEGER + 1,
    ];
    for (const value of odd) {
      const result = outcome(value);
      assert.notEqual(result, 'accepted', `accepted ${String(value)}`);
      assert.match(result, /^INVALID_TIME /, String(value));
    }
    assert.match(outcome('abc'), /milliseconds since epoch, as a decimal string/);
    // Short canonical values are times in 1970: stale, never "not yet judged".
    for (const value of ['5', String(seconds), String(now).slice(0, 12)]) assert.match(outcome(value), /too old/, value);
  });

  it('property: a value passes exactly when it is canonical decimal milliseconds inside the window', () => {
    const canonical = (v: unknown): boolean => (typeof v === 'string' ? /^[1-9]\d{0,15}$/.test(v) : Number.isSafeInteger(v) && (v as number) > 0);
    const inWindow = (v: unknown): boolean => Number(v) >= now - window.pastMs && Number(v) <= now + window.futureMs;
    const near = fc.integer({ min: now - 2 * window.pastMs, max: now + 2 * window.futureMs });
    fc.assert(
      fc.property(fc.oneof(near.map(String), near, near.map((ms) => String(Math.floor(ms / 1000))), fc.string(), fc.stringMatching(/^[0-9+\-. e]{1,16}$/), fc.double(), fc.integer()), (value) => {
        assert.equal(outcome(value) === 'accepted', canonical(value) && inWindow(value), String(value));
      }),
      { numRuns: 2000, seed: 20261207 },
    );
  });
});
