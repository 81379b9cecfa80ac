package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.ApplicationContext;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import io.micronaut.transaction.TransactionOperations;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;
import org.petstore.inventory.application.port.outbound.SharedQuotas;
import org.petstore.inventory.application.port.outbound.SharedQuotas.Usage;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.access.KeyId;
import org.petstore.inventory.domain.quota.Gcra;
import org.petstore.inventory.domain.quota.Quota;

/**
 * The shared quota buckets on PostgreSQL ({@code access.JdbcSharedQuotas}): one statement moves every bucket as the
 * domain's {@link Gcra} does, on the database's clock, and instances sharing the database add up.
 *
 * <p>The statement reads the clock once, and every key of an exchange is answered on that same now. So each exchange
 * here carries a probe: a key whose bucket lies a known, far time ahead, given with 0 units, is answered with that
 * time less the statement's now, which gives the now exactly ({@link #exchangeWithProbe}), and every other answer
 * can be compared with the domain's arithmetic exactly, with no tolerance.
 */
@MicronautTest(environments = "persistence-test", startApplication = false, transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresqlSharedQuotasTest implements TestPropertyProvider {

    private static final KeyId PROBE = id(0xfffffff);
    /** How far ahead of the database's clock the probe's bucket lies: some 11.6 days. */
    private static final long PROBE_AHEAD = 1_000_000_000_000L;

    private final Map<String, String> database = TestPostgres.newDatabase();

    @Inject
    SharedQuotas quotas;

    @Inject
    TransactionOperations<Connection> transactions;

    @Inject
    DataSource dataSource;

    private long probeTat;

    @Override
    public Map<String, String> getProperties() {
        return database;
    }

    @BeforeEach
    void noKeysButTheProbe() throws SQLException {
        new StoreTables(transactions).removeApiKeys();
        addKeys(List.of(PROBE));
        probeTat = databaseNow() + PROBE_AHEAD;
        setBucket(PROBE, probeTat);
    }

    private static KeyId id(int n) {
        return new KeyId("key-%012x".formatted(n));
    }

    /**
     * One generated case: a key, its quota, where its bucket lies before relative to the database's clock (null: no
     * bucket yet), the units of each round.
     */
    private record Case(KeyId key, Quota quota, Long offset, List<Integer> units) {
    }

    @Test
    void everyExchangeMovesEachBucketExactlyAsTheDomainsRuleDoes() throws SQLException {
        // intervals from 1 s down to 1 µs (1 s / perSecond, in nanoseconds)
        int[] ratesPerSecond = {1, 3, 7, 1_000, 333_333, Quota.MAX_PER_SECOND};
        int[] unitChoices = {0, 1, 2, 7, 100};
        Random random = new Random(49);
        List<Case> cases = new ArrayList<>();
        for (int rate : ratesPerSecond) {
            // the burst as large as the domain allows, so that each take passes, as an exchange always does
            Quota quota = new Quota(rate, Quota.MAX_BURST, 1);
            long interval = quota.intervalNanos();
            // none yet, long ago, a second ago; around the clock as read just before the buckets are set (the
            // statement's now follows some milliseconds later, so these land just behind it or just ahead); ahead by
            // intervals
            Long[] offsets = {null, -1_000_000_000_000_000L, -1_000_000_000L, -1L, 0L, 1L, 997_000L, 3_000_000L, 10_000_000L,
                    30_000_000L,
                    interval, 3 * interval + 17, 1_000 * interval};
            for (Long offset : offsets) {
                for (int firstUnits : unitChoices) {
                    cases.add(new Case(id(cases.size() + 1), quota, offset, List.of(firstUnits, random.nextInt(4),
                            unitChoices[random.nextInt(unitChoices.length)])));
                }
            }
        }
        addKeys(cases.stream().map(Case::key).toList());
        long now = databaseNow();
        Map<KeyId, Long> expectedBuckets = new HashMap<>();
        for (Case c : cases) {
            if (c.offset() != null) {
                expectedBuckets.put(c.key(), now + c.offset());
            }
        }
        setBuckets(expectedBuckets);

        for (int round = 0; round < 3; round++) {
            Map<KeyId, Usage> taken = new LinkedHashMap<>();
            for (Case c : cases) {
                taken.put(c.key(), new Usage(c.units().get(round), c.quota().intervalNanos()));
            }

            Exchanged exchanged = exchangeWithProbe(quotas, taken);

            Map<KeyId, Long> bucketsBefore = new HashMap<>(expectedBuckets);
            Map<KeyId, Long> bucketsAfter = bucketsOf(cases.stream().map(Case::key).toList());
            List<String> differences = new ArrayList<>();
            for (Case c : cases) {
                int units = c.units().get(round);
                Long before = bucketsBefore.get(c.key());
                // a key without a bucket has a full one: one that lies in the past (the epoch)
                Gcra.Decision decision = Gcra.take(before == null ? 0L : before, exchanged.now(), c.quota(), units);
                assertTrue(decision.allowed(), () -> "a case the exchange cannot mirror: " + c);
                // 0 units: only read, the bucket stays as it was (the rule's tat would be now: ahead by 0 as well)
                Long expected = units > 0 ? Long.valueOf(decision.tat()) : before;
                expectedBuckets.put(c.key(), expected);
                Long answer = exchanged.answers().get(c.key());
                if (answer == null || answer != decision.resetNanos()
                        || !Objects.equals(expected, bucketsAfter.get(c.key()))) {
                    differences.add(("%s: %d units of %d ns on a bucket %s now: answered %s and left it at %s, the"
                            + " rule says %d and %s").formatted(c.key(), units, c.quota().intervalNanos(),
                            before == null ? "absent" : (before - exchanged.now()) + " ns from", answer,
                            bucketsAfter.get(c.key()), decision.resetNanos(), expected));
                }
            }
            expectedBuckets.values().removeIf(Objects::isNull);
            assertEquals(List.of(), differences, "round " + round + ", on " + cases.size() + " keys");
            assertEquals(cases.size(), exchanged.answers().size(), "every key is answered");
            assertEquals(expectedBuckets, bucketsAfter, "no other bucket");
        }
    }

    @Test
    void twoInstancesExchangingOneAfterTheOtherAddUp() throws Exception {
        KeyId key = id(1);
        addKeys(List.of(key));
        long second = 1_000_000_000;
        try (ApplicationContext other = otherInstance()) {
            SharedQuotas otherQuotas = other.getBean(SharedQuotas.class);

            Exchanged first = exchangeWithProbe(quotas, Map.of(key, new Usage(5, second)));
            Exchanged then = exchangeWithProbe(otherQuotas, Map.of(key, new Usage(3, second)));
            Exchanged reread = exchangeWithProbe(quotas, Map.of(key, new Usage(0, second)));

            long tat = first.now() + 8 * second;
            assertAll(
                    () -> assertEquals(Map.of(key, 5 * second), first.answers(), "a full bucket moves from now"),
                    () -> assertEquals(Map.of(key, tat - then.now()), then.answers(),
                            "the other instance's units come on top"),
                    () -> assertEquals(Map.of(key, tat - reread.now()), reread.answers(), "and the first sees them"),
                    () -> assertEquals(Map.of(key, tat), bucketsOf(List.of(key))));
        }
    }

    @Test
    void eachInstanceLearnsTheLiveFeedsAKeyHoldsOpenOnTheOthersAndAClosedOneIsForgotten() throws Exception {
        KeyId key = id(1);
        KeyId quiet = id(2);
        addKeys(List.of(key, quiet));
        try (ApplicationContext other = otherInstance()) {
            SharedQuotas otherQuotas = other.getBean(SharedQuotas.class);

            Map<KeyId, Integer> firstSees = quotas.shareFeeds(Map.of(key, 2, quiet, 0));
            Map<KeyId, Integer> otherSees = otherQuotas.shareFeeds(Map.of(key, 3, quiet, 0));
            Map<KeyId, Integer> firstSeesThen = quotas.shareFeeds(Map.of(key, 1, quiet, 0));
            Map<KeyId, Integer> otherSeesThen = otherQuotas.shareFeeds(Map.of(key, 0, quiet, 0));
            Map<KeyId, Integer> firstSeesLast = quotas.shareFeeds(Map.of(key, 1, quiet, 0));

            assertAll(
                    () -> assertEquals(Map.of(key, 0, quiet, 0), firstSees, "nothing recorded elsewhere yet"),
                    () -> assertEquals(Map.of(key, 2, quiet, 0), otherSees, "the first instance's 2"),
                    () -> assertEquals(Map.of(key, 3, quiet, 0), firstSeesThen, "the other instance's 3"),
                    () -> assertEquals(Map.of(key, 1, quiet, 0), otherSeesThen, "the first closed one of its 2"),
                    () -> assertEquals(Map.of(key, 0, quiet, 0), firstSeesLast, "the other closed all of its own"));
        }
    }

    @Test
    void aRecordOfLiveFeedsNotRenewedFor5SecondsCountsNoMore() throws Exception {
        KeyId key = id(1);
        addKeys(List.of(key));
        try (ApplicationContext other = otherInstance();
             Connection connection = connection();
             Statement statement = connection.createStatement()) {
            other.getBean(SharedQuotas.class).shareFeeds(Map.of(key, 4));
            assertEquals(Map.of(key, 4), quotas.shareFeeds(Map.of(key, 0)));

            statement.executeUpdate("UPDATE quota_live_feed SET seen_at = seen_at - INTERVAL '6 seconds'");
            assertEquals(Map.of(key, 0), quotas.shareFeeds(Map.of(key, 0)), "an instance that died counts no more");
        }
    }

    @Test
    void concurrentExchangesOfTwoInstancesLoseNoUnitAndNeverDeadlock() throws Exception {
        List<KeyId> keys = List.of(id(1), id(2), id(3));
        addKeys(keys);
        long start = databaseNow() + 10_000_000_000L; // far ahead: every exchange moves the bucket from its tat
        for (KeyId key : keys) {
            setBucket(key, start);
        }
        int threadsPerInstance = 4;
        int exchangesPerThread = 25;
        try (ApplicationContext other = otherInstance();
             ExecutorService threads = Executors.newFixedThreadPool(2 * threadsPerInstance)) {
            List<Callable<Void>> work = new ArrayList<>();
            for (SharedQuotas instance : List.of(quotas, other.getBean(SharedQuotas.class))) {
                for (int t = 0; t < threadsPerInstance; t++) {
                    work.add(() -> {
                        for (int i = 0; i < exchangesPerThread; i++) {
                            instance.exchange(Map.of(keys.get(0), new Usage(1, 1_000), keys.get(1),
                                    new Usage(2, 10), keys.get(2), new Usage(0, 5)));
                        }
                        return null;
                    });
                }
            }
            for (Future<Void> done : threads.invokeAll(work)) {
                done.get();
            }
        }

        int exchanges = 2 * threadsPerInstance * exchangesPerThread;
        assertEquals(Map.of(keys.get(0), start + exchanges * 1_000L, keys.get(1), start + exchanges * 2 * 10L,
                keys.get(2), start), bucketsOf(keys));
    }

    @Test
    void everyKeyGivenIsAnsweredAndOnlyKeysThatTookUnitsAreWritten() throws SQLException {
        KeyId ahead = id(1);
        KeyId behind = id(2);
        KeyId withoutBucket = id(3);
        KeyId unknown = id(0xdead);
        KeyId unknownReadOnly = id(0xbeef);
        addKeys(List.of(ahead, behind, withoutBucket));
        long now = databaseNow();
        setBucket(ahead, now + 60_000_000);
        setBucket(behind, now - 60_000_000);
        Map<KeyId, Long> rowVersions = rowVersions();

        Exchanged exchanged = exchangeWithProbe(quotas, Map.of(ahead, new Usage(0, 1_000), behind, new Usage(0, 1_000),
                withoutBucket, new Usage(0, 1_000), unknown, new Usage(5, 1_000), unknownReadOnly,
                new Usage(0, 1_000)));

        assertAll(
                () -> assertEquals(Map.of(ahead, now + 60_000_000 - exchanged.now(), behind, 0L, withoutBucket, 0L,
                        unknown, 0L, unknownReadOnly, 0L), exchanged.answers()),
                () -> assertEquals(Map.of(ahead, now + 60_000_000, behind, now - 60_000_000),
                        bucketsOf(List.of(ahead, behind, withoutBucket, unknown, unknownReadOnly)),
                        "no bucket is moved, and none is made for a key without a row or unknown here"),
                () -> assertEquals(rowVersions, rowVersions(), "a key read is not written (its row's xmin stays)"),
                () -> assertEquals(Map.of(), quotas.exchange(Map.of()), "nothing to exchange"));
    }

    @Test
    void anExchangeOfAKeyUnknownHereStillMovesTheKnownOnes() throws SQLException {
        KeyId known = id(1);
        addKeys(List.of(known));

        Exchanged exchanged = exchangeWithProbe(quotas, Map.of(known, new Usage(4, 250), id(0xdead),
                new Usage(9, 250)));

        assertAll(
                () -> assertEquals(Map.of(known, 1_000L, id(0xdead), 0L), exchanged.answers()),
                () -> assertEquals(Map.of(known, exchanged.now() + 1_000), bucketsOf(List.of(known, id(0xdead)))));
    }

    @Test
    void aDatabaseThatIsDownIsStorageUnavailable() throws Exception {
        EmbeddedPostgres server = EmbeddedPostgres.builder().start(); // a server of its own, to stop
        boolean stopped = false;
        Map<String, Object> settings = new HashMap<>(TestPostgres.datasourceProperties(server, "postgres"));
        settings.put("datasources.default.connection-timeout", 1_000);
        try (ApplicationContext context = ApplicationContext.builder().environments("persistence-test")
                .properties(settings).start()) {
            SharedQuotas down = context.getBean(SharedQuotas.class);
            assertEquals(Map.of(id(1), 0L), down.exchange(Map.of(id(1), new Usage(1, 1_000))), "while it is up");

            server.close();
            stopped = true;

            assertThrows(StorageUnavailableException.class,
                    () -> down.exchange(Map.of(id(1), new Usage(1, 1_000))));
        } finally {
            if (!stopped) {
                server.close();
            }
        }
    }

    /** An exchange's answers (the probe's left out) and the statement's now, which the probe's answer gives. */
    private record Exchanged(Map<KeyId, Long> answers, long now) {
    }

    private Exchanged exchangeWithProbe(SharedQuotas instance, Map<KeyId, Usage> taken) {
        Map<KeyId, Usage> withProbe = new HashMap<>(taken);
        withProbe.put(PROBE, new Usage(0, 1));
        Map<KeyId, Long> answers = new HashMap<>(instance.exchange(withProbe));
        long probeAhead = answers.remove(PROBE);
        return new Exchanged(answers, probeTat - probeAhead);
    }

    /** Another instance on the same database: an application context of its own, with its own pool. */
    private ApplicationContext otherInstance() {
        return ApplicationContext.builder().environments("persistence-test").properties(new HashMap<>(database))
                .start();
    }

    private Connection connection() throws SQLException {
        return DelegatingDataSource.unwrapDataSource(dataSource).getConnection();
    }

    /** The database's clock now, in nanoseconds since the epoch, as the exchange reads it. */
    private long databaseNow() throws SQLException {
        try (Connection connection = connection();
             PreparedStatement select = connection.prepareStatement(
                     "SELECT CAST(FLOOR(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000000) AS BIGINT)");
             ResultSet row = select.executeQuery()) {
            row.next();
            return row.getLong(1);
        }
    }

    /** Managed keys with these ids, all at once (the buckets refer to them). */
    private void addKeys(List<KeyId> ids) throws SQLException {
        try (Connection connection = connection();
             PreparedStatement insert = connection.prepareStatement("INSERT INTO api_key (id, name, scopes,"
                     + " created_at) SELECT id, 'quota test', 'inventory:read', CURRENT_TIMESTAMP"
                     + " FROM UNNEST(CAST(? AS VARCHAR ARRAY)) AS k (id)")) {
            insert.setArray(1, connection.createArrayOf("varchar",
                    ids.stream().map(KeyId::value).toArray(String[]::new)));
            insert.executeUpdate();
        }
    }

    private void setBucket(KeyId key, long tat) throws SQLException {
        setBuckets(Map.of(key, tat));
    }

    /** Puts the keys' buckets where they are given, in one batch. */
    private void setBuckets(Map<KeyId, Long> tats) throws SQLException {
        try (Connection connection = connection();
             PreparedStatement insert = connection.prepareStatement("INSERT INTO quota_bucket (key_id, tat_ns)"
                     + " VALUES (?, ?) ON CONFLICT (key_id) DO UPDATE SET tat_ns = EXCLUDED.tat_ns")) {
            for (Map.Entry<KeyId, Long> tat : tats.entrySet()) {
                insert.setString(1, tat.getKey().value());
                insert.setLong(2, tat.getValue());
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /** The buckets of these keys that have one. */
    private Map<KeyId, Long> bucketsOf(List<KeyId> keys) throws SQLException {
        Map<KeyId, Long> buckets = new HashMap<>();
        try (Connection connection = connection();
             PreparedStatement select = connection.prepareStatement(
                     "SELECT key_id, tat_ns FROM quota_bucket WHERE key_id = ANY(CAST(? AS VARCHAR ARRAY))")) {
            select.setArray(1, connection.createArrayOf("varchar",
                    keys.stream().map(KeyId::value).toArray(String[]::new)));
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    buckets.put(new KeyId(row.getString(1)), row.getLong(2));
                }
            }
        }
        return buckets;
    }

    /** Each bucket's row version: the transaction that last wrote it ({@code xmin}). */
    private Map<KeyId, Long> rowVersions() throws SQLException {
        Map<KeyId, Long> versions = new HashMap<>();
        try (Connection connection = connection();
             PreparedStatement select = connection.prepareStatement(
                     "SELECT key_id, CAST(CAST(xmin AS TEXT) AS BIGINT) FROM quota_bucket");
             ResultSet row = select.executeQuery()) {
            while (row.next()) {
                versions.put(new KeyId(row.getString(1)), row.getLong(2));
            }
        }
        return versions;
    }
}
