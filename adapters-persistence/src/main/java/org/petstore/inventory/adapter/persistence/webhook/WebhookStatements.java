package org.petstore.inventory.adapter.persistence.webhook;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.petstore.inventory.application.port.outbound.AcknowledgedDelivery;
import org.petstore.inventory.application.port.outbound.AttemptRecord;
import org.petstore.inventory.application.port.outbound.FormedDelivery;
import org.petstore.inventory.application.port.outbound.Lease;
import org.petstore.inventory.application.port.outbound.PendingDelivery;
import org.petstore.inventory.application.port.outbound.WebhookLeases;

/**
 * The webhooks' SQL where the backends differ, one bean per backend ({@code @Requires} on the JDBC URL, as the
 * inventory's statements): the database's clock, the claim of leases, and the deliverer's two writes of every cycle
 * (forming a delivery, recording its success and forming the next), which on PostgreSQL are one statement each (one
 * round trip, the commit included; a success with a run after it adds the run's two batches in one transaction) and on
 * H2 a transaction of plain statements. Each method runs on a connection in
 * autocommit and leaves it so; what it answers is what its {@code WebhookLeases} or {@code WebhookDeliveries} method
 * answers.
 */
interface WebhookStatements {

    /** How long a lease lasts, in seconds, as the statements write it. */
    long LEASE_SECONDS = WebhookLeases.DURATION.toSeconds();

    /** The database's clock now, as an SQL expression of type {@code TIMESTAMP WITH TIME ZONE}. */
    String now();

    /**
     * Claims up to {@code max} (1 or more) enabled webhooks whose lease is free or expired for {@code owner}, each
     * with its fence increased by one, without waiting for a row another transaction holds; the leases, in id order.
     */
    List<Lease> claim(Connection connection, String owner, int max) throws SQLException;

    /**
     * Stores {@code delivery} as the pending one, without its body, 0 attempts, due at its {@code formedAt}, when the
     * fence holds, none is pending and the cursor is the delivery's {@code previousChangeId}; whether it did.
     */
    boolean form(Connection connection, Lease lease, FormedDelivery delivery) throws SQLException;

    /**
     * Acknowledges {@code delivery} and the run {@code after} it in one transaction when the fence holds, it is the
     * pending one and the cursor is its {@code previousChangeId}: the cursor moves to the run's end, the pending
     * delivery and the last failure are cleared, the delivery is marked delivered (its body emptied), each of the run
     * stored as delivered ({@link WebhookRows#insertAcknowledged}), every attempt logged, and {@code next} (when not
     * null) stored as the pending one as {@link #form} does; whether it did. The caller has checked that the run and
     * {@code next} follow {@code delivery} without a gap.
     */
    boolean recordSuccess(Connection connection, Lease lease, PendingDelivery delivery, AttemptRecord attempt,
                          List<AcknowledgedDelivery> after, FormedDelivery next) throws SQLException;
}
