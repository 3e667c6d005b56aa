-- The customer's cart (`Customer.CartAdopted`): at sign-in the browser's guest cart merges into
-- it (unless skipCartMerge) and the browser gets it. One customer per cart.
ALTER TABLE customers ADD COLUMN cart_id text;
CREATE UNIQUE INDEX customers_cart ON customers (cart_id);
