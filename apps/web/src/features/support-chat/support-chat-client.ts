// What the web app tells the live support chat widget, and when. The widget itself (a
// Chatwoot-compatible SDK) is loaded by ./chatwoot.ts; this part holds the rules, free of the
// DOM, so they are tested without a browser.

/** The part of the widget's SDK (`window.$chatwoot`) the app uses. */
export interface ChatWidget {
  /** Opens the chat; newer widgets type `initialMessage` into the composer (never sent). */
  toggle: (state?: 'open' | 'close', initialMessage?: string) => void;
  setUser: (identifier: string, user: { email: string; name: string }) => void;
  setCustomAttributes: (attributes: Record<string, string>) => void;
  reset: () => void;
}

export interface ChatPerson {
  email: string;
  name: string;
}

/** Loads the widget: null when none is configured; rejects when it cannot load. */
export type ChatWidgetLoader = () => Promise<ChatWidget | null>;

export interface SupportChatClientDeps {
  load: ChatWidgetLoader;
  /** Runs the task once the page has loaded and the browser is idle. */
  whenIdle: (task: () => void) => void;
  /**
   * Who the widget was last identified as, kept across page loads (the widget keeps its
   * conversation in cookies of its own): a page that starts signed out resets it.
   */
  memory: { get: () => string | null; set: (email: string | null) => void };
  /** Support without the widget (none configured, or it could not load). */
  fallback: (prefill: string | undefined) => void;
}

export interface SupportChatClient {
  /** Loads the widget once the page is idle, so it never delays what a visitor came for. */
  start: () => void;
  /** Opens the chat now (loading it first if need be), optionally with a message typed in. */
  open: (prefill?: string) => void;
  /** The signed-in person, or null once signed out. */
  identify: (person: ChatPerson | null) => void;
  /** The page the visitor is on (its path). */
  visit: (path: string) => void;
}

/** The custom attribute that tells support agents which page the visitor is on. */
export const PAGE_ATTRIBUTE = 'current_page';

/**
 * The page as the chat is told it: the path alone (a query string may carry search words or a
 * place), with the secret of a password-reset or e-mail confirmation link left out.
 */
export function pageForChat(pathname: string): string {
  return pathname.replace(
    /^(\/(?:candidate|client)\/(?:password_reset|confirm_email))\/[^/]+/,
    '$1/(link)',
  );
}

export function createSupportChatClient(deps: SupportChatClientDeps): SupportChatClient {
  // undefined: the app has not said yet (a signed-in user still loading is not a sign-out).
  let person: ChatPerson | null | undefined;
  let page: string | null = null;
  let widget: ChatWidget | null = null;
  let loading: Promise<ChatWidget | null> | null = null;
  // What this page has told the widget already.
  let toldPerson: string | null = null;
  let toldPage: string | null = null;

  const personKey = (p: ChatPerson) => `${p.email}\n${p.name}`;

  function sync(w: ChatWidget) {
    if (person !== undefined) {
      const remembered = deps.memory.get();
      if (person === null) {
        if (remembered !== null) {
          w.reset();
          deps.memory.set(null);
        }
        toldPerson = null;
      } else if (toldPerson !== personKey(person)) {
        // Someone else's conversation never carries over to the next person.
        if (remembered !== null && remembered !== person.email) w.reset();
        w.setUser(person.email, { email: person.email, name: person.name });
        deps.memory.set(person.email);
        toldPerson = personKey(person);
      }
    }
    if (page !== null && page !== toldPage) {
      w.setCustomAttributes({ [PAGE_ATTRIBUTE]: page });
      toldPage = page;
    }
  }

  function ensure(): Promise<ChatWidget | null> {
    loading ??= deps.load().then(
      (loaded) => {
        widget = loaded;
        if (loaded) sync(loaded);
        return loaded;
      },
      () => null,
    );
    return loading;
  }

  return {
    start: () => deps.whenIdle(() => void ensure()),
    open(prefill) {
      void ensure().then((w) => {
        if (!w) return deps.fallback(prefill);
        if (prefill) w.toggle('open', prefill);
        else w.toggle('open');
      });
    },
    identify(next) {
      person = next;
      if (widget) sync(widget);
    },
    visit(path) {
      page = pageForChat(path);
      if (widget) sync(widget);
    },
  };
}
