-- Demo data: a dozen pets across all three statuses, their stock, and a few orders. Loaded into an empty store only
-- (see DemoData): never into a store that holds anything, so it never mixes with or resets real stock.
-- Portable SQL, one statement per ';' at the end of a line.
INSERT INTO pet (id, name, status) VALUES
    (1, 'Rex', 'available'),
    (2, 'Whiskers', 'available'),
    (3, 'Goldie', 'sold'),
    (4, 'Polly', 'available'),
    (5, 'Thumper', 'pending'),
    (6, 'Nemo', 'available'),
    (7, 'Spike', 'sold'),
    (8, 'Shelly', 'pending'),
    (9, 'Bubbles', 'available'),
    (10, 'Hammy', 'pending'),
    (11, 'Kiwi', 'sold'),
    (12, 'Luna', 'available');

INSERT INTO inventory_item (pet_id, quantity) VALUES
    (1, 12),
    (2, 3),
    (3, 0),
    (4, 7),
    (5, 1),
    (6, 25),
    (7, 0),
    (8, 2),
    (9, 40),
    (10, 5),
    (11, 0),
    (12, 9);

INSERT INTO store_order (id, pet_id, quantity, ship_date, status, complete) VALUES
    (1, 3, 1, CAST('2026-10-02 09:00:00+00' AS TIMESTAMP WITH TIME ZONE), 'delivered', TRUE),
    (2, 7, 2, CAST('2026-10-15 14:30:00+00' AS TIMESTAMP WITH TIME ZONE), 'delivered', TRUE),
    (3, 5, 1, CAST('2026-11-20 10:00:00+00' AS TIMESTAMP WITH TIME ZONE), 'approved', FALSE),
    (4, 8, 1, CAST('2026-11-28 08:15:00+00' AS TIMESTAMP WITH TIME ZONE), 'placed', FALSE),
    (5, 10, 3, CAST('2026-12-03 16:45:00+00' AS TIMESTAMP WITH TIME ZONE), 'placed', FALSE);
