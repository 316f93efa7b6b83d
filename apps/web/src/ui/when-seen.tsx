import {
  type ComponentType,
  type JSX,
  lazy,
  memo,
  type RefObject,
  Suspense,
  use,
  useEffect,
  useRef,
  useState,
} from 'react';
import { NEAR_SCREEN } from './use-near-screen.ts';

/** Opens once: what a part waits for before the browser takes it over. */
type Gate = { opened: Promise<void>; open(): void };

function createGate(): Gate {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * True while the browser takes over a page the server rendered: the page is in #root already and
 * the app has not marked itself ready (app.tsx). The app shell starts with an empty #root.
 */
function isTakingOverServerPage(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.documentElement.dataset.app !== 'ready' &&
    (document.getElementById('root')?.hasChildNodes() ?? false)
  );
}

// The longest a part waits for the browser to be idle once the visitor has started to use the page.
const IDLE_TIMEOUT_MS = 3000;

/** What says a visitor has started to use the page: they scroll, touch, click or press a key. */
const ENGAGING_EVENTS = ['scroll', 'pointerdown', 'touchstart', 'keydown'] as const;

let engaged: Promise<void> | undefined;

/** Resolves the first time the visitor scrolls, touches, clicks or presses a key on the page. */
function visitorEngaged(): Promise<void> {
  engaged ??= new Promise((resolve) => {
    const done = () => {
      for (const type of ENGAGING_EVENTS) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of ENGAGING_EVENTS) window.addEventListener(type, done, { capture: true, passive: true });
  });
  return engaged;
}

function WaitFor({ gate, children }: { gate: Gate | undefined; children: JSX.Element }) {
  if (gate) use(gate.opened);
  return children;
}

/** Marks the part's box taken over (`data-part`): the e2e fixture waits for every part of a page. */
function MarkTakenOver({ box }: { box: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    if (box.current) box.current.dataset.part = 'ready';
  }, [box]);
  return null;
}

/**
 * A part below the fold of a server-rendered page whose code the browser loads, and whose HTML it
 * hydrates, once the page has started: when the part nears the screen, takes the focus, or the
 * browser is idle after the visitor has started to scroll, touch or type (issue 21). A part the
 * server rendered empty is taken over at once. Until then the server's HTML stays as it is (its
 * links work, nothing moves), and its code and hydration are not part of the page's start, which
 * a phone runs in long tasks; a visitor who only reads the top of the page never pays for them.
 * The server renders it whole (its renderer waits for the code); a page the browser renders
 * itself, after a link, loads it at once.
 *
 * It renders again only when its props change (`memo`, so give it plain values): a part still
 * waiting that receives new children is rendered afresh by React, which drops the server's HTML.
 */
export function lazyWhenSeen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  return memo(function WhenSeen(props: P) {
    const box = useRef<HTMLDivElement>(null);
    // Only while the browser takes over the server's page; the gate lives as long as the part.
    const [gate] = useState(() => (isTakingOverServerPage() ? createGate() : undefined));
    useEffect(() => {
      const element = box.current;
      if (!gate || !element) return;
      // The server wrote nothing in it (React's markers aside): nothing to wait for.
      const empty = element.children.length === 0 && element.textContent === '';
      if (
        empty ||
        typeof IntersectionObserver === 'undefined' ||
        typeof requestIdleCallback === 'undefined'
      ) {
        return gate.open();
      }
      let idle: number | undefined;
      let done = false;
      void visitorEngaged().then(() => {
        if (!done) idle = requestIdleCallback(gate.open, { timeout: IDLE_TIMEOUT_MS });
      });
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) gate.open();
        },
        { rootMargin: NEAR_SCREEN },
      );
      observer.observe(element);
      // A keyboard user tabbing into the part gets it working at once.
      element.addEventListener('focusin', gate.open);
      gate.opened.then(() => observer.disconnect());
      return () => {
        done = true;
        if (idle !== undefined) cancelIdleCallback(idle);
        observer.disconnect();
        element.removeEventListener('focusin', gate.open);
      };
    }, [gate]);
    return (
      // Hidden when the part renders nothing, so an empty box takes no room in a spaced column.
      <div ref={box} className="empty:hidden" data-part="waiting">
        <Suspense fallback={null}>
          <WaitFor gate={gate}>
            <Part {...props} />
          </WaitFor>
          <MarkTakenOver box={box} />
        </Suspense>
      </div>
    );
  }) as unknown as ComponentType<P>;
}
