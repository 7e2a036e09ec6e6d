// Collects Content-Security-Policy violations into window.__violations, from the page's own
// script (a page under CSP may not have inline script). Import it FIRST in every page entry:
// module imports evaluate in order, so the listener is in place before any other page code runs.
export interface ViolationRecord {
  directive: string;
  blockedURI: string;
  sample: string;
  source: string;
}

declare global {
  interface Window {
    __violations: ViolationRecord[];
  }
}

window.__violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__violations.push({
    directive: event.effectiveDirective || event.violatedDirective,
    blockedURI: event.blockedURI,
    sample: event.sample,
    source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
  });
});
