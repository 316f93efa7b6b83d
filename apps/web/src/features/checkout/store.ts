import type { Order } from '@sentiero/contract/checkout';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A guest as the form holds it: every field a string, empty when not asked or not given. */
export type GuestDraft = {
  full_name: string;
  start_date: string;
  end_date: string;
  birth_year: string;
  card_number: string;
  country: string;
  fiscal_code: string;
};

/** What the buyer picks on the payment step; `card` goes to the card processor configured. */
export const PAYMENT_CHOICES = ['card', 'paypal', 'cash', 'free'] as const;
export type PaymentChoice = (typeof PAYMENT_CHOICES)[number];

/** A coupon the server accepted for this ticket and this many guests, with what it takes off. */
export type AppliedCoupon = { code: string; discountCents: number; quantity: number };

/** Places held for the member from a waiting list (ADR 050): the purchase takes them over. */
export type HeldOffer = { token: string; day: string; places: number };

/** The server's answer to a purchase, kept for the confirmation step. */
export type PlacedOrder = { ticketId: number; order: Order };

type CheckoutData = {
  ticketId: number | null;
  guests: GuestDraft[];
  paymentChoice: PaymentChoice | null;
  coupon: AppliedCoupon | null;
  /** One per purchase attempt: a retry after a lost answer must not buy twice. */
  idempotencyKey: string | null;
  /** The server's messages about guests, keyed `guests.<i>.<field>`, for the guests step. */
  guestErrors: Record<string, string>;
  /** Places held from a waiting list that this purchase takes (`waitlist_offer`). */
  heldOffer: HeldOffer | null;
  lastOrder: PlacedOrder | null;
};

type CheckoutState = CheckoutData & {
  /** Starts the checkout of a ticket; the same ticket keeps what was already entered. */
  openCheckout(ticketId: number): void;
  saveGuests(guests: GuestDraft[]): void;
  choosePayment(choice: PaymentChoice): void;
  applyCoupon(coupon: AppliedCoupon | null): void;
  /** The key of the current attempt, made on first use. */
  requireIdempotencyKey(): string;
  /** The server gave a final answer: the next attempt is a new purchase. */
  endAttempt(): void;
  showGuestErrors(fields: Record<string, string>): void;
  /** The purchase of places held from a waiting list starts (the offer's link). */
  holdOffer(ticketId: number, offer: HeldOffer): void;
  clearGuestErrors(): void;
  /** Keeps the order for the confirmation; a successful one empties the cart. */
  recordOrder(ticketId: number, order: Order): void;
  reset(): void;
};

export const CHECKOUT_STORAGE_KEY = 'checkout-storage';
export const CHECKOUT_STORAGE_VERSION = 1;

export const emptyGuest = (): GuestDraft => ({
  full_name: '',
  start_date: '',
  end_date: '',
  birth_year: '',
  card_number: '',
  country: '',
  fiscal_code: '',
});

const emptyCart = {
  ticketId: null,
  guests: [],
  paymentChoice: null,
  coupon: null,
  idempotencyKey: null,
  guestErrors: {},
  heldOffer: null,
} satisfies Omit<CheckoutData, 'lastOrder'>;

/** Orders in these states are bought: the tickets exist or are being issued. */
export function isSuccessfulOrder(order: Order): boolean {
  return order.status === 'paid' || order.status === 'issued';
}

/**
 * What the confirmation says about an order: bought; still waiting for the provider (a card
 * Stripe is processing, a PayPal payment held for review), which a webhook settles later; or
 * SPEC's incomplete purchase.
 */
export type OrderOutcome = 'success' | 'pending' | 'incomplete';

export function getOrderOutcome(order: Order): OrderOutcome {
  if (isSuccessfulOrder(order)) return 'success';
  return order.status === 'pending' ? 'pending' : 'incomplete';
}

const GUEST_FIELDS = Object.keys(emptyGuest()) as (keyof GuestDraft)[];

/** A guest from what a form or session storage gave; anything missing or malformed is empty. */
export function readGuestDraft(value: unknown): GuestDraft {
  const stored = (value ?? {}) as Record<string, unknown>;
  const guest = emptyGuest();
  for (const field of GUEST_FIELDS) {
    if (typeof stored[field] === 'string') guest[field] = stored[field];
  }
  return guest;
}

function readCoupon(value: unknown): AppliedCoupon | null {
  const stored = (value ?? {}) as Partial<AppliedCoupon>;
  return typeof stored.code === 'string' &&
    typeof stored.discountCents === 'number' &&
    typeof stored.quantity === 'number'
    ? { code: stored.code, discountCents: stored.discountCents, quantity: stored.quantity }
    : null;
}

function readStrings(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter(([, text]) => typeof text === 'string'));
}

function readHeldOffer(value: unknown): HeldOffer | null {
  const stored = (value ?? {}) as Partial<HeldOffer>;
  return typeof stored.token === 'string' &&
    typeof stored.day === 'string' &&
    typeof stored.places === 'number'
    ? { token: stored.token, day: stored.day, places: stored.places }
    : null;
}

/** What the store holds, from whatever session storage gave back; anything malformed is dropped. */
export function readCheckoutState(persisted: unknown): CheckoutData {
  const stored = (persisted ?? {}) as Partial<Record<keyof CheckoutData, unknown>>;
  const ticketId =
    typeof stored.ticketId === 'number' && Number.isInteger(stored.ticketId) ? stored.ticketId : null;
  const lastOrder = stored.lastOrder as Partial<PlacedOrder> | null | undefined;
  return {
    ticketId,
    guests:
      ticketId !== null && Array.isArray(stored.guests) ? stored.guests.slice(0, 20).map(readGuestDraft) : [],
    paymentChoice: PAYMENT_CHOICES.find((choice) => choice === stored.paymentChoice) ?? null,
    coupon: ticketId !== null ? readCoupon(stored.coupon) : null,
    idempotencyKey: typeof stored.idempotencyKey === 'string' ? stored.idempotencyKey : null,
    guestErrors: readStrings(stored.guestErrors),
    heldOffer: ticketId !== null ? readHeldOffer(stored.heldOffer) : null,
    lastOrder:
      typeof lastOrder?.ticketId === 'number' &&
      typeof lastOrder.order?.code === 'string' &&
      typeof lastOrder.order.summary?.total_cents === 'number'
        ? (lastOrder as PlacedOrder)
        : null,
  };
}

/**
 * Version 1 is the first: a stored state of any other version has no migration, so loading it
 * fails and persist reports it on the console (SPEC section 4); the checkout starts empty.
 */
export function migrateCheckoutState(_persisted: unknown, version: number): CheckoutData {
  throw new Error(
    `${CHECKOUT_STORAGE_KEY}: no migration from version ${version} to ${CHECKOUT_STORAGE_VERSION}`,
  );
}

const sameGuests = (a: GuestDraft[], b: GuestDraft[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The purchase in progress, in session storage: a visitor sent to log in or sign up comes back
 * to the same step with the guests kept. Card details are never stored.
 */
export const useCheckoutStore = create<CheckoutState>()(
  persist(
    (set, get) => ({
      ...emptyCart,
      lastOrder: null,
      openCheckout: (ticketId) => {
        if (get().ticketId !== ticketId) set({ ...emptyCart, ticketId });
      },
      saveGuests: (guests) => {
        const { guests: before, coupon } = get();
        if (sameGuests(before, guests)) return;
        // Other guests make another purchase: it must not answer with the earlier attempt's order.
        // A coupon's discount was checked for a number of guests: another number asks again.
        set({
          guests,
          idempotencyKey: null,
          coupon: coupon && coupon.quantity === guests.length ? coupon : null,
        });
      },
      choosePayment: (paymentChoice) => set({ paymentChoice }),
      applyCoupon: (coupon) => set({ coupon, idempotencyKey: null }),
      requireIdempotencyKey: () => {
        const existing = get().idempotencyKey;
        if (existing) return existing;
        const key = crypto.randomUUID();
        set({ idempotencyKey: key });
        return key;
      },
      endAttempt: () => set({ idempotencyKey: null }),
      showGuestErrors: (guestErrors) => set({ guestErrors }),
      clearGuestErrors: () => set({ guestErrors: {} }),
      holdOffer: (ticketId, heldOffer) => set({ ...emptyCart, ticketId, heldOffer }),
      recordOrder: (ticketId, order) =>
        set(
          isSuccessfulOrder(order)
            ? { ...emptyCart, lastOrder: { ticketId, order } }
            : { idempotencyKey: null, lastOrder: { ticketId, order } },
        ),
      reset: () => set({ ...emptyCart, lastOrder: null }),
    }),
    {
      name: CHECKOUT_STORAGE_KEY,
      version: CHECKOUT_STORAGE_VERSION,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({
        ticketId,
        guests,
        paymentChoice,
        coupon,
        idempotencyKey,
        guestErrors,
        heldOffer,
        lastOrder,
      }) => ({
        ticketId,
        guests,
        paymentChoice,
        coupon,
        idempotencyKey,
        guestErrors,
        heldOffer,
        lastOrder,
      }),
      migrate: migrateCheckoutState,
      merge: (persisted, current) => ({ ...current, ...readCheckoutState(persisted) }),
      onRehydrateStorage: () => (_state, error) => {
        if (error) console.error('Could not load the stored checkout', error);
      },
    },
  ),
);
