-- Merchandising pins: one row per board (kw:{keyword} or lp:{department id}), its items in
-- order. Projected inline from PinBoard events.
CREATE TABLE pin_boards
(
    board text PRIMARY KEY,
    items text[] NOT NULL
);
