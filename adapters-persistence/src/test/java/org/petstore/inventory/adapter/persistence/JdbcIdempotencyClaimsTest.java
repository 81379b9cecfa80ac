package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.ChangeOutcome;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.StockLedger;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.ChangeDecision;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.IdempotentRequest;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockDelta;
import org.petstore.inventory.domain.StockMovement;

/**
 * The claims of idempotency keys behind {@link InventoryRepository#change}, which the port's contract cannot see: one
 * of concurrent claims wins, a claim no longer held keeps and changes nothing, a request that failed gives its claim
 * up, a claim left by a stopped instance is taken over, and the answer is kept as JSON. Each backend's subclass says
 * which database, with a short deadline ({@link #DEADLINE_MILLIS}) so that a database that does not answer fails a
 * call quickly.
 */
abstract class JdbcIdempotencyClaimsTest {

    /** The deadline of a database call in these tests ({@code datasources.default.connection-timeout}). */
    static final String DEADLINE_MILLIS = "1000";

    private static final ChangeOrigin ORIGIN = ChangeOrigin.api("key-1", null, null);
    private static final EntryChange SALE = new EntryChange(PetId.of(1),
            new StockMovement.AdjustBy(StockDelta.of(-1)), ORIGIN);
    private static final InventoryEntry SOLD_ONE = new InventoryEntry(PetId.of(1), Quantity.of(9),
            PetStatus.AVAILABLE, EntryVersion.of(2));
    private static final ChangeOutcome SOLD = new ChangeOutcome.Applied(List.of(SOLD_ONE));

    @Inject
    JdbcIdempotencyClaims claims;

    @Inject
    JdbcInventoryRepository repository;

    @Inject
    StockLedger ledger;

    @Inject
    TransactionOperations<Connection> transactions;

    @Inject
    DataSource dataSource;

    @BeforeEach
    void oneEntry() {
        new StoreTables(transactions).replaceInventoryWith(List.of(
                new InventoryEntry(PetId.of(1), Quantity.of(10), PetStatus.AVAILABLE),
                new InventoryEntry(PetId.of(2), Quantity.of(3), PetStatus.SOLD)));
    }

    private static IdempotentRequest request(String fingerprint) {
        return new IdempotentRequest("key-1", "key-" + System.nanoTime(), fingerprint);
    }

    private JdbcIdempotencyClaims.Claimed claimed(IdempotentRequest request) {
        return assertInstanceOf(JdbcIdempotencyClaims.Claimed.class, claims.claim(request, List.of(SALE)));
    }

    private static JdbcIdempotencyClaims.Answered answered(ChangeOutcome outcome) {
        return new JdbcIdempotencyClaims.Answered(outcome);
    }

    private Optional<InventoryEntry> entry() {
        return repository.findByPetId(PetId.of(1));
    }

    @Test
    void ofConcurrentClaimsOfOneKeyExactlyOneIsClaimedAndTheOthersAreInFlight() throws Exception {
        IdempotentRequest request = request("fingerprint");
        List<Callable<JdbcIdempotencyClaims.Claim>> concurrent = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            concurrent.add(() -> claims.claim(request, List.of(SALE)));
        }
        int claimed = 0;
        int inFlight = 0;
        try (ExecutorService clients = Executors.newFixedThreadPool(16)) {
            for (Future<JdbcIdempotencyClaims.Claim> claim : clients.invokeAll(concurrent)) {
                switch (claim.get()) {
                    case JdbcIdempotencyClaims.Claimed _ -> claimed++;
                    case JdbcIdempotencyClaims.Answered answered -> {
                        assertEquals(answered(new ChangeOutcome.KeyInFlight()), answered);
                        inFlight++;
                    }
                }
            }
        }
        assertEquals(1, claimed);
        assertEquals(15, inFlight);
    }

    @Test
    void aKeyBeingCarriedOutIsInFlightAnotherFingerprintIsReusedAndAReleasedKeyCanBeClaimedAgain() {
        IdempotentRequest request = request("fingerprint");
        JdbcIdempotencyClaims.Claimed first = claimed(request);

        assertEquals(answered(new ChangeOutcome.KeyInFlight()), claims.claim(request, List.of(SALE)));
        assertEquals(new ChangeOutcome.KeyInFlight(), repository.change(List.of(SALE), Optional.of(request)));
        IdempotentRequest other = new IdempotentRequest(request.scope(), request.key(), "other");
        assertEquals(answered(new ChangeOutcome.KeyReused()), claims.claim(other, List.of(SALE)));
        assertEquals(new ChangeOutcome.KeyReused(), repository.change(List.of(SALE), Optional.of(other)));
        claims.release(first);

        claimed(request);
        assertEquals(Optional.of(new InventoryEntry(PetId.of(1), Quantity.of(10), PetStatus.AVAILABLE)), entry());
    }

    @Test
    void aClaimThatIsNoLongerHeldKeepsNothingAndChangesNothingAndTheHoldersOutcomeIsKept() {
        IdempotentRequest request = request("fingerprint");
        JdbcIdempotencyClaims.Claimed lost = claimed(request);
        claims.release(lost);
        JdbcIdempotencyClaims.Claimed holder = claimed(request);
        long before = ledger.newestChangeId();

        assertEquals(new ChangeOutcome.KeyInFlight(), repository.carryOut(List.of(SALE), Optional.of(lost)));

        assertEquals(Optional.of(new InventoryEntry(PetId.of(1), Quantity.of(10), PetStatus.AVAILABLE)), entry());
        assertEquals(before, ledger.newestChangeId());
        assertEquals(answered(new ChangeOutcome.KeyInFlight()), claims.claim(request, List.of(SALE)));
        assertEquals(SOLD, repository.carryOut(List.of(SALE), Optional.of(holder)));
        assertEquals(answered(SOLD), claims.claim(request, List.of(SALE)));
    }

    /**
     * A claim left without an outcome for longer than the lease (its instance stopped before it committed anything)
     * is taken over by the next request with the key; the old claim can then keep nothing and change nothing.
     */
    @Test
    void aClaimLeftWithoutAnOutcomeForLongerThanTheLeaseIsTakenOver() {
        IdempotentRequest request = request("fingerprint");
        JdbcIdempotencyClaims.Claimed left = claimed(request);
        assertEquals(answered(new ChangeOutcome.KeyInFlight()), claims.claim(request, List.of(SALE)),
                "within the lease");

        new StoreTables(transactions).ageIdempotencyClaims(JdbcIdempotencyClaims.LEASE.plusSeconds(5));
        JdbcIdempotencyClaims.Claimed takenOver = claimed(request);

        assertEquals(new ChangeOutcome.KeyInFlight(), repository.carryOut(List.of(SALE), Optional.of(left)));
        assertEquals(SOLD, repository.carryOut(List.of(SALE), Optional.of(takenOver)));
        assertEquals(answered(SOLD), claims.claim(request, List.of(SALE)));
    }

    /**
     * A request whose transaction fails (here: the ledger's head is held elsewhere past the call's deadline, as by a
     * database that does not answer) is unavailable, changes nothing and gives its claim up: its retry is carried out.
     */
    @Test
    void aRequestWhoseStoreCallFailedReleasesItsClaimSoThatARetryIsCarriedOut() throws SQLException {
        IdempotentRequest request = request("fingerprint");
        try (Connection holdingTheHead = DelegatingDataSource.unwrapDataSource(dataSource).getConnection()) {
            holdingTheHead.setAutoCommit(false);
            StockLedgerHead.lock(holdingTheHead);
            try {
                assertThrows(StorageUnavailableException.class,
                        () -> repository.change(List.of(SALE), Optional.of(request)));
                assertEquals(0, keptRows(request), "the claim was given up");
            } finally {
                holdingTheHead.rollback();
            }
        }

        assertEquals(SOLD, repository.change(List.of(SALE), Optional.of(request)));
        assertEquals(SOLD, repository.change(List.of(SALE), Optional.of(request)));
        assertEquals(Optional.of(SOLD_ONE), entry());
    }

    /** The answer is kept as JSON: the entries answered, or the refused change's index and refusal. */
    @Test
    void theAnswerIsKeptAsJson() {
        IdempotentRequest applied = request("applied");
        IdempotentRequest refused = request("refused");
        EntryChange arrival = new EntryChange(PetId.of(2), new StockMovement.AdjustBy(StockDelta.of(1)), ORIGIN);
        EntryChange tooMany = new EntryChange(PetId.of(1), new StockMovement.AdjustBy(StockDelta.of(-12)), ORIGIN);

        assertEquals(SOLD, repository.change(List.of(SALE), Optional.of(applied)));
        assertEquals(new ChangeOutcome.Refused(1, new ChangeDecision.InsufficientStock(PetId.of(1), Quantity.of(9),
                StockDelta.of(-12))), repository.change(List.of(arrival, tooMany), Optional.of(refused)));

        assertEquals("{\"applied\":[{\"petId\":1,\"quantity\":9,\"status\":\"available\",\"version\":2}]}",
                answer(applied));
        assertEquals("{\"refused\":{\"index\":1,\"refusal\":\"insufficient_stock\",\"count\":9,\"delta\":-12}}",
                answer(refused));
    }

    private int keptRows(IdempotentRequest request) {
        return Integer.parseInt(ofTheKey("COUNT(*)", request));
    }

    private String answer(IdempotentRequest request) {
        return ofTheKey("answer", request);
    }

    /** A column (or an aggregate) of the key's row, as text. */
    private String ofTheKey(String column, IdempotentRequest request) {
        return transactions.executeRead(status -> {
            try (PreparedStatement select = status.getConnection().prepareStatement("SELECT " + column
                    + " FROM idempotency_key WHERE scope = ? AND idempotency_key = ?")) {
                select.setString(1, request.scope());
                select.setString(2, request.key());
                try (ResultSet row = select.executeQuery()) {
                    row.next();
                    return row.getString(1);
                }
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
