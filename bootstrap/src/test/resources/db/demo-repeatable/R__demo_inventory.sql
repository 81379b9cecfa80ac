-- The demo data as earlier versions of the service loaded it: a repeatable Flyway migration, added to the
-- migrations while the demo data was on (DemoDataSwitchEndToEndTest makes such a database with it).
-- Demo data: a dozen pets across all three statuses, their stock, and a few orders. Only missing rows are added,
-- so stock levels changed through the API are never reset.
INSERT INTO pet (id, name, status)
SELECT demo.id, demo.name, demo.status
FROM (VALUES
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
    (12, 'Luna', 'available')
) AS demo (id, name, status)
WHERE NOT EXISTS (SELECT 1 FROM pet existing WHERE existing.id = demo.id);

INSERT INTO inventory_item (pet_id, quantity)
SELECT demo.pet_id, demo.quantity
FROM (VALUES
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
    (12, 9)
) AS demo (pet_id, quantity)
WHERE NOT EXISTS (SELECT 1 FROM inventory_item existing WHERE existing.pet_id = demo.pet_id);

INSERT INTO store_order (id, pet_id, quantity, ship_date, status, complete)
SELECT demo.id, demo.pet_id, demo.quantity, CAST(demo.ship_date AS TIMESTAMP WITH TIME ZONE), demo.status,
       demo.complete
FROM (VALUES
    (1, 3, 1, '2026-10-02 09:00:00+00', 'delivered', TRUE),
    (2, 7, 2, '2026-10-15 14:30:00+00', 'delivered', TRUE),
    (3, 5, 1, '2026-11-20 10:00:00+00', 'approved', FALSE),
    (4, 8, 1, '2026-11-28 08:15:00+00', 'placed', FALSE),
    (5, 10, 3, '2026-12-03 16:45:00+00', 'placed', FALSE)
) AS demo (id, pet_id, quantity, ship_date, status, complete)
WHERE NOT EXISTS (SELECT 1 FROM store_order existing WHERE existing.id = demo.id);
