import { describe, it, expect } from '../../support/harness.ts';

describe('probe', () => {
  it('runs', () => {
    expect(1).to.equal(1);
  });
});
