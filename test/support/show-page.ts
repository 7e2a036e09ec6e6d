// A test page may be a background tab, hidden: the runner opens two pages at once in Chromium, and
// a test that needs window focus brings its own page to the front. Code that waits for a shown
// page (automatic refresh) would then wait. showPage() tells the page's document it is shown, as
// a user's open window is, until the returned function undoes it.
export function showPage(): () => void {
  const own = Object.getOwnPropertyDescriptor(document, 'visibilityState');
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  return () => {
    if (own) Object.defineProperty(document, 'visibilityState', own);
    else Reflect.deleteProperty(document, 'visibilityState');
  };
}
