import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../pages/checkout';
import { checkoutSearch } from '../lib/search';
import { pageTitle } from '../lib/page-title';

/** `/checkout?plan=<planId>` (public; paying needs an account), plus `cancel=<path>` from a sandbox session. */
export const Route = createFileRoute('/checkout')({
  head: pageTitle('checkout'),
  validateSearch: checkoutSearch,
  component: function Checkout() {
    return <CheckoutPage search={Route.useSearch()} />;
  },
});
