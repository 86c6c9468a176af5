/**
 * The address a page last wrote, kept apart from the address its last render shows. A page that
 * writes its view to the address (replacing it) and then writes again before a render caught up
 * must build the second change on the first, and a late render bringing one of its own earlier
 * writes must not take the page back to it. Any other address a render brings (back, a link) is
 * where the view now is.
 */
export class AddressWrites {
  private latest: string;
  private readonly own = new Set<string>();

  constructor(initial: string) {
    this.latest = initial;
  }

  /** The address the next change builds on. */
  get current(): string {
    return this.latest;
  }

  /** This page wrote `address`. */
  wrote(address: string): void {
    this.latest = address;
    this.own.add(address);
  }

  /** A render shows `address`. */
  rendered(address: string): void {
    if (address === this.latest) this.own.clear();
    else if (!this.own.has(address)) {
      this.latest = address;
      this.own.clear();
    }
  }
}
