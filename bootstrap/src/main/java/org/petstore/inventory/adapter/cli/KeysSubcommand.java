package org.petstore.inventory.adapter.cli;

import io.micronaut.context.annotation.Prototype;
import jakarta.inject.Inject;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.petstore.inventory.application.port.inbound.Caller;
import org.petstore.inventory.application.port.inbound.CreateKeyCommand;
import org.petstore.inventory.application.port.inbound.IssuedKey;
import org.petstore.inventory.application.port.inbound.ManageApiKeysUseCase;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.DomainException;
import org.petstore.inventory.domain.access.ApiKey;
import org.petstore.inventory.domain.access.InvalidKeyRequestException;
import org.petstore.inventory.domain.access.KeyName;
import org.petstore.inventory.domain.access.KeyOverlap;
import org.petstore.inventory.domain.access.Scopes;
import org.petstore.inventory.domain.quota.InvalidQuotaException;
import org.petstore.inventory.domain.quota.Quota;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code keys}: managed API keys on the configured database, for an operator with a shell beside the service. The
 * same use cases as the key API, acting as the operator ({@link Caller#OPERATOR}, every scope). A secret is written
 * to standard output alone (so that {@code KEY=$(petstore-inventory keys create ...)} keeps it), once; what was done
 * goes to standard error. Without an action it is wrong usage (picocli: "Missing required subcommand").
 */
@Prototype
@Command(name = "keys",
        mixinStandardHelpOptions = true,
        description = {
            "Creates, lists, rotates, revokes and updates managed API keys in the configured database.",
            "",
            "A running service sees a change within a few seconds. On the embedded H2 file, which a running service "
                    + "holds, use the key API instead (POST /v1/keys with a keys:admin key)."},
        subcommands = {KeysSubcommand.CreateKey.class, KeysSubcommand.ListKeys.class, KeysSubcommand.RevokeKey.class,
            KeysSubcommand.RotateKey.class, KeysSubcommand.UpdateKey.class})
final class KeysSubcommand {

    /** Runs an action on the keys; a refused request or an unusable database is one line on standard error. */
    abstract static class Action implements Callable<Integer> {

        @Inject
        ManageApiKeysUseCase keys;

        @Inject
        Console console;

        abstract String name();

        abstract void run();

        @Override
        public Integer call() {
            try {
                run();
                return ExitCode.OK;
            } catch (DomainException e) {
                console.err().println("keys " + name() + ": " + e.getMessage() + "; nothing was changed");
                return ExitCode.REFUSED;
            } catch (StorageUnavailableException e) {
                console.err().println("keys " + name() + ": " + e.getMessage() + "; nothing was changed");
                return ExitCode.FAILED;
            }
        }

        void secret(IssuedKey issued) {
            PrintStream out = new PrintStream(console.out(), true, StandardCharsets.UTF_8);
            out.println(issued.secret());
            out.flush();
        }

        static String describe(ApiKey key) {
            return key.id() + " \"" + key.name() + "\" (" + key.scopes() + ")";
        }

        static String quota(ApiKey key) {
            return key.quota() == null ? "the default quota"
                    : key.quota().rate() + ", " + key.quota().liveFeeds() + " live feeds";
        }
    }

    /** A key's own quota, as {@code --quota 50/s --burst 100 --live-feeds 8}. */
    static final class QuotaOptions {

        @Option(names = "--quota", paramLabel = "RATE",
                description = "its sustained rate, e.g. 50/s; default: the service's (PETSTORE_RATE_LIMIT)")
        String rate;

        @Option(names = "--burst", paramLabel = "N",
                description = "how many requests it may send at once after a pause; default: twice the rate")
        Integer burst;

        @Option(names = "--live-feeds", paramLabel = "N",
                description = "how many live feeds it may hold open at once; default: " + Quota.DEFAULT_LIVE_FEEDS)
        Integer liveFeeds;

        /** The quota the options name; null when none is given. */
        Quota quota() {
            if (rate == null) {
                if (burst != null || liveFeeds != null) {
                    throw new InvalidQuotaException("--burst and --live-feeds go with --quota, e.g. "
                            + "--quota 50/s --burst 100");
                }
                return null;
            }
            Quota quota = Quota.parse(rate + (burst == null ? "" : " burst " + burst)
                    + (liveFeeds == null ? "" : " feeds " + liveFeeds)).orElseThrow(() -> new InvalidQuotaException(
                            "--quota takes a rate such as 50/s: a key is never without a quota while quotas are on"));
            return quota;
        }
    }

    @Command(name = "create", mixinStandardHelpOptions = true,
            description = {"Creates a key and writes its secret to standard output, once: keep it now.",
                "", "Example: petstore-inventory keys create --name till-3 --scopes inventory:write"})
    @Prototype
    static final class CreateKey extends Action {

        @Option(names = "--name", required = true, paramLabel = "NAME", description = "what the key is for")
        String keyName;

        @Option(names = "--scopes", required = true, split = ",", paramLabel = "SCOPE",
                description = "comma-separated: inventory:read, inventory:write (includes read), keys:admin, "
                        + "webhooks:admin")
        List<String> scopes;

        @Option(names = "--expires-at", paramLabel = "TIME",
                description = "when it stops working, e.g. 2027-06-01T00:00:00Z; default: never")
        String expiresAt;

        @Mixin
        QuotaOptions quota = new QuotaOptions();

        @Override
        String name() {
            return "create";
        }

        @Override
        void run() {
            Instant expiry = null;
            if (expiresAt != null) {
                try {
                    expiry = Instant.parse(expiresAt);
                } catch (DateTimeParseException e) {
                    throw new InvalidKeyRequestException("--expires-at must be "
                            + "a UTC time such as 2027-06-01T00:00:00Z, got '" + expiresAt + "'");
                }
            }
            IssuedKey issued = keys.create(new CreateKeyCommand(new KeyName(keyName), Scopes.parse(scopes), expiry,
                    quota.quota()), Caller.OPERATOR);
            secret(issued);
            console.err().println("keys create: created " + describe(issued.key())
                    + (expiry == null ? "" : ", expiring at " + expiry) + ", with " + quota(issued.key())
                    + "; its secret is above, shown this once");
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "Lists every key, revoked ones too: id, name, scopes, created, expires, revoked, last used, "
                    + "quota.")
    @Prototype
    static final class ListKeys extends Action {

        @Override
        String name() {
            return "list";
        }

        @Override
        void run() {
            PrintStream out = new PrintStream(console.out(), true, StandardCharsets.UTF_8);
            out.println(String.join("\t", "id", "name", "scopes", "createdAt", "expiresAt", "revokedAt",
                    "lastUsedAt", "quota"));
            for (ApiKey key : keys.list()) {
                out.println(String.join("\t", Arrays.asList(key.id().value(), key.name().value(),
                        key.scopes().toString(), key.createdAt().toString(), text(key.expiresAt()),
                        text(key.revokedAt()), text(key.lastUsedAt()),
                        key.quota() == null ? "default" : key.quota().rate() + " feeds " + key.quota().liveFeeds())));
            }
            out.flush();
        }

        private static String text(Instant instant) {
            return instant == null ? "-" : instant.toString();
        }
    }

    @Command(name = "revoke", mixinStandardHelpOptions = true,
            description = "Revokes a key: every instance refuses it within seconds. Revoking twice changes nothing.")
    @Prototype
    static final class RevokeKey extends Action {

        @Parameters(paramLabel = "ID", description = "the key's id, e.g. key-3f2a0c1b2d3e")
        String id;

        @Override
        String name() {
            return "revoke";
        }

        @Override
        void run() {
            keys.revoke(id, Caller.OPERATOR);
            console.err().println("keys revoke: " + describe(keys.find(id)) + " is revoked");
        }
    }

    @Command(name = "rotate", mixinStandardHelpOptions = true,
            description = {"Issues a new secret for a key (same id, name and scopes) and writes it to standard "
                    + "output, once; the old secret keeps working for the overlap."})
    @Prototype
    static final class RotateKey extends Action {

        @Parameters(paramLabel = "ID", description = "the key's id, e.g. key-3f2a0c1b2d3e")
        String id;

        @Option(names = "--overlap", paramLabel = "DURATION", defaultValue = "PT0S",
                description = "how long the old secret keeps working, PT0S to P7D (e.g. PT24H); default: PT0S")
        String overlap;

        @Override
        String name() {
            return "rotate";
        }

        @Override
        void run() {
            IssuedKey issued = keys.rotate(id, KeyOverlap.parse(overlap), Caller.OPERATOR);
            secret(issued);
            console.err().println("keys rotate: new secret for " + describe(issued.key()) + " above, shown this once; "
                    + "the old one works for " + overlap);
        }
    }

    @Command(name = "update", mixinStandardHelpOptions = true,
            description = {"Gives a key another quota; every instance applies it within seconds.",
                "", "Example: petstore-inventory keys update key-3f2a0c1b2d3e --quota 50/s --burst 100"})
    @Prototype
    static final class UpdateKey extends Action {

        @Parameters(paramLabel = "ID", description = "the key's id, e.g. key-3f2a0c1b2d3e")
        String id;

        @Mixin
        QuotaOptions quota = new QuotaOptions();

        @Option(names = "--default-quota", description = "back to the service's default quota (PETSTORE_RATE_LIMIT)")
        boolean defaultQuota;

        @Override
        String name() {
            return "update";
        }

        @Override
        void run() {
            Quota own = quota.quota();
            if ((own == null) != defaultQuota) {
                throw new InvalidQuotaException("give either --quota (e.g. --quota 50/s --burst 100) or "
                        + "--default-quota");
            }
            ApiKey key = keys.changeQuota(id, own, Caller.OPERATOR);
            console.err().println("keys update: " + describe(key) + " now has " + quota(key));
        }
    }
}
