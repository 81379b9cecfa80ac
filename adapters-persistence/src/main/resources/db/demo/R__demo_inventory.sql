-- Demo stock: a dozen pets across all three statuses. Only missing entries are added, so stock levels
-- changed through the API are never reset.
INSERT INTO inventory_item (pet_id, quantity, status)
SELECT demo.pet_id, demo.quantity, demo.status
FROM (VALUES
    (1, 12, 'available'),
    (2, 3, 'available'),
    (3, 0, 'sold'),
    (4, 7, 'available'),
    (5, 1, 'pending'),
    (6, 25, 'available'),
    (7, 0, 'sold'),
    (8, 2, 'pending'),
    (9, 40, 'available'),
    (10, 5, 'pending'),
    (11, 0, 'sold'),
    (12, 9, 'available')
) AS demo (pet_id, quantity, status)
WHERE NOT EXISTS (SELECT 1 FROM inventory_item existing WHERE existing.pet_id = demo.pet_id);
