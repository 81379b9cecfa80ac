-- Pets and store orders. Each inventory entry belongs to a pet, and the status of an entry is its pet's status.
-- Portable SQL: the same migration runs on H2 and PostgreSQL.
CREATE TABLE pet (
    id     BIGINT       NOT NULL,
    name   VARCHAR(100) NOT NULL,
    status VARCHAR(16)  NOT NULL,
    CONSTRAINT pet_pk PRIMARY KEY (id),
    CONSTRAINT pet_id_positive CHECK (id >= 1),
    CONSTRAINT pet_status_known CHECK (status IN ('available', 'pending', 'sold'))
);

-- every existing inventory entry gets its pet, named after its id, with the entry's status
INSERT INTO pet (id, name, status)
SELECT pet_id, CONCAT('Pet ', CAST(pet_id AS VARCHAR(20))), status FROM inventory_item;

ALTER TABLE inventory_item DROP CONSTRAINT inventory_item_status_known;
ALTER TABLE inventory_item DROP COLUMN status;
ALTER TABLE inventory_item ADD CONSTRAINT inventory_item_pet_fk FOREIGN KEY (pet_id) REFERENCES pet (id);

CREATE TABLE store_order (
    id        BIGINT                   NOT NULL,
    pet_id    BIGINT                   NOT NULL,
    quantity  INTEGER                  NOT NULL,
    ship_date TIMESTAMP WITH TIME ZONE NOT NULL,
    status    VARCHAR(16)              NOT NULL,
    complete  BOOLEAN                  NOT NULL,
    CONSTRAINT store_order_pk PRIMARY KEY (id),
    CONSTRAINT store_order_id_positive CHECK (id >= 1),
    CONSTRAINT store_order_quantity_not_negative CHECK (quantity >= 0),
    CONSTRAINT store_order_status_known CHECK (status IN ('placed', 'approved', 'delivered')),
    CONSTRAINT store_order_pet_fk FOREIGN KEY (pet_id) REFERENCES pet (id)
);
