-- The stock level of each pet. Portable SQL: the same migration runs on H2 and PostgreSQL.
CREATE TABLE inventory_item (
    pet_id   BIGINT      NOT NULL,
    quantity INTEGER     NOT NULL,
    status   VARCHAR(16) NOT NULL,
    CONSTRAINT inventory_item_pk PRIMARY KEY (pet_id),
    CONSTRAINT inventory_item_pet_id_positive CHECK (pet_id >= 1),
    CONSTRAINT inventory_item_quantity_not_negative CHECK (quantity >= 0),
    CONSTRAINT inventory_item_status_known CHECK (status IN ('available', 'pending', 'sold'))
);
