package org.petstore.inventory.bootstrap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Import cycles between packages as the sources write them. The bytecode rules ({@link HexagonRules#noPackageCycles})
 * cannot see every import: the compiler inlines constants, so a controller that takes a constant from another
 * package for an annotation leaves no trace of that package in its class file. Reading the {@code import} lines
 * closes that gap; a fully qualified name written in the code without an import is not seen.
 */
final class SourceImportCycles {

    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    private static final Pattern IMPORT =
            Pattern.compile("^import\\s+(?:static\\s+)?([\\w.]+?)(?:\\.\\*)?\\s*;", Pattern.MULTILINE);

    private final String root;
    /** For each package, the packages it imports and, per imported package, the files that import it. */
    private final Map<String, Map<String, Set<String>>> imports = new TreeMap<>();

    private SourceImportCycles(String root) {
        this.root = root;
    }

    /** Reads every {@code .java} file under the source roots; only packages under {@code root} count. */
    static SourceImportCycles read(String root, List<Path> sourceRoots) {
        SourceImportCycles cycles = new SourceImportCycles(root);
        for (Path sourceRoot : sourceRoots) {
            try (Stream<Path> files = Files.walk(sourceRoot)) {
                files.filter(file -> file.toString().endsWith(".java")).forEach(cycles::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return cycles;
    }

    private void add(Path file) {
        String source;
        try {
            source = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Matcher declared = PACKAGE.matcher(source);
        if (!declared.find()) {
            return;
        }
        String from = declared.group(1);
        Matcher imported = IMPORT.matcher(source);
        while (imported.find()) {
            String to = packageOf(imported.group(1));
            if (!to.equals(from) && (to + ".").startsWith(root + ".")) {
                imports.computeIfAbsent(from, any -> new TreeMap<>())
                        .computeIfAbsent(to, any -> new TreeSet<>())
                        .add(file.getFileName().toString());
            }
        }
    }

    /** {@code a.b.C.D} and {@code a.b.C.member} are in {@code a.b}; a wildcard import names its package. */
    private static String packageOf(String importedName) {
        List<String> packageSegments = new ArrayList<>();
        for (String segment : importedName.split("\\.")) {
            if (Character.isUpperCase(segment.charAt(0))) {
                break;
            }
            packageSegments.add(segment);
        }
        return String.join(".", packageSegments);
    }

    boolean isEmpty() {
        return imports.isEmpty();
    }

    /**
     * Each group of packages that import each other in a loop (a strongly connected component of the import
     * graph), described with the files that import across it; empty when there is none.
     */
    List<String> cycles() {
        List<String> described = new ArrayList<>();
        for (Set<String> component : stronglyConnectedComponents()) {
            if (component.size() > 1) {
                described.add(describe(component));
            }
        }
        return described;
    }

    private String describe(Set<String> component) {
        StringBuilder text = new StringBuilder("packages " + component + " import each other in a loop:");
        for (String from : component) {
            imports.getOrDefault(from, Map.of()).forEach((to, files) -> {
                if (component.contains(to)) {
                    text.append("\n  ").append(from).append(" -> ").append(to).append(" (").append(
                            String.join(", ", files)).append(')');
                }
            });
        }
        return text.toString();
    }

    /** Tarjan's algorithm over the package import graph. */
    private List<Set<String>> stronglyConnectedComponents() {
        Set<String> packages = new TreeSet<>(imports.keySet());
        imports.values().forEach(targets -> packages.addAll(targets.keySet()));
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> lowLink = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        List<Set<String>> components = new ArrayList<>();
        for (String start : packages) {
            if (!index.containsKey(start)) {
                connect(start, index, lowLink, stack, components);
            }
        }
        return components;
    }

    private void connect(String node, Map<String, Integer> index, Map<String, Integer> lowLink, Deque<String> stack,
            List<Set<String>> components) {
        index.put(node, index.size());
        lowLink.put(node, index.get(node));
        stack.push(node);
        for (String next : imports.getOrDefault(node, Map.of()).keySet()) {
            if (!index.containsKey(next)) {
                connect(next, index, lowLink, stack, components);
                lowLink.put(node, Math.min(lowLink.get(node), lowLink.get(next)));
            } else if (stack.contains(next)) {
                lowLink.put(node, Math.min(lowLink.get(node), index.get(next)));
            }
        }
        if (lowLink.get(node).equals(index.get(node))) {
            Set<String> component = new TreeSet<>();
            String member;
            do {
                member = stack.pop();
                component.add(member);
            } while (!member.equals(node));
            components.add(component);
        }
    }
}
