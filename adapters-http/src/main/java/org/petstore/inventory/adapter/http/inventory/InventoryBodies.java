package org.petstore.inventory.adapter.http.inventory;

import jakarta.inject.Singleton;
import java.util.List;
import org.petstore.inventory.adapter.http.body.BodyShape;
import org.petstore.inventory.adapter.http.body.BodyShapes;
import org.petstore.inventory.application.port.inbound.ChangeStockCommand;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockDelta;

/**
 * The bodies that change stock, bound strictly ({@code adapter.http.body}), with what each accepts and what to send
 * instead; a batch's change is named {@code changes[i]}.
 */
final class InventoryBodies {

    static final BodyShape UPDATE = new BodyShape(InventoryUpdate.class,
            "the body accepts only quantity and, optionally, reason",
            "send {\"quantity\": <integer from " + Quantity.MIN + " to " + Quantity.MAX + ">}");
    static final BodyShape ADJUSTMENT = new BodyShape(InventoryAdjustment.class,
            "the body accepts only delta and, optionally, reason",
            "send {\"delta\": <non-zero integer from " + StockDelta.MIN + " to " + StockDelta.MAX + ">}");
    static final BodyShape BATCH = new BodyShape(InventoryChanges.class,
            "the body accepts only changes and, optionally, reason",
            "send {\"changes\": [1 to " + ChangeStockCommand.MAX_CHANGES + " changes, such as {\"petId\": 1, "
                    + "\"delta\": -2} or {\"petId\": 2, \"quantity\": 10}]}");
    static final BodyShape CHANGE = new BodyShape(InventoryChanges.Change.class,
            "a change accepts only petId, delta or quantity, and, optionally, reason",
            "send each change as {\"petId\": <integer from " + PetId.MIN + ">, \"delta\": <non-zero integer>} or "
                    + "{\"petId\": <integer from " + PetId.MIN + ">, \"quantity\": <integer from " + Quantity.MIN
                    + ">}", "a change");

    private InventoryBodies() {
    }

    /** The bodies of the routes (a change is read inside a batch). */
    @Singleton
    static final class Listed implements BodyShapes {

        @Override
        public List<BodyShape> bodies() {
            return List.of(UPDATE, ADJUSTMENT, BATCH);
        }
    }
}
