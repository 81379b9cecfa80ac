package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * With an older JDK as the default {@code java}, {@code ./mvnw} must get as far as the enforcer, which says in one
 * line that a JDK 25 is needed and names {@code JAVA_HOME}: Maven's own JVM options ({@code .mvn/jvm.config}) are
 * therefore only system properties and the HotSpot options every JDK since 8 knows ({@link #KNOWN_SINCE_JDK_8}); an
 * option a JDK 17 does not know stops its JVM before Maven starts, with "Unrecognized option".
 */
class BuildOnOlderJdkTest {

    private static final Path ROOT = Path.of("..");
    /** Maven's JVM with the first JIT tier alone: a build is short jobs, which C2's compiles only slow down. */
    private static final List<String> KNOWN_SINCE_JDK_8 = List.of("-XX:TieredStopAtLevel=1");

    @Test
    void mavensJvmOptionsStartOnAnyJdk() throws IOException {
        Path config = ROOT.resolve(".mvn/jvm.config");
        List<String> options = Files.exists(config)
                ? Arrays.stream(Files.readString(config).trim().split("\\s+")).filter(o -> !o.isEmpty()).toList()
                : List.of();
        assertEquals(List.of(), options.stream().filter(option -> !option.startsWith("-D"))
                        .filter(option -> !KNOWN_SINCE_JDK_8.contains(option)).toList(),
                "options in .mvn/jvm.config that an older JDK refuses before the enforcer can explain");
    }

    @Test
    void theEnforcerNamesTheJdkAndJavaHomeInOneLine() throws IOException {
        String pom = Files.readString(ROOT.resolve("pom.xml"));
        int rule = pom.indexOf("<requireJavaVersion>");
        String message = pom.substring(pom.indexOf("<message>", rule) + "<message>".length(),
                pom.indexOf("</message>", rule));
        assertTrue(message.contains("JDK 25") && message.contains("JAVA_HOME") && !message.contains("\n"), message);
    }
}
