// The little of React's API the React test page uses. The project installs react and react-dom
// without their type packages (no new dependencies), so these declarations stand in for them.
declare module 'react' {
  export type ReactNode = ReactElement | string | number | boolean | null | undefined | ReactNode[];
  export interface ReactElement {
    readonly type: unknown;
    readonly props: unknown;
  }
  export type FunctionComponent<P> = (props: P) => ReactNode;
  export function createElement<P extends object>(type: FunctionComponent<P>, props: P, ...children: ReactNode[]): ReactElement;
  export function createElement(type: string, props?: Record<string, unknown> | null, ...children: ReactNode[]): ReactElement;
  export function useState<S>(initial: S): [S, (next: S) => void];
}

declare module 'react-dom/client' {
  import type { ReactNode } from 'react';
  export interface Root {
    render(children: ReactNode): void;
    unmount(): void;
  }
  export function createRoot(container: Element): Root;
}
