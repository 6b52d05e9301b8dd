package io.structbridge.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in the repository's Markdown files (README.md, docs/, the modules' READMEs) points at a file
 * that exists, and every {@code #anchor} at a heading of its target, spelled as GitHub spells heading anchors
 * (lower case; letters, digits, {@code _}, {@code -} and spaces kept, spaces as {@code -}; a repeated heading
 * gets {@code -1}, {@code -2}, ...). Links in code blocks and code spans are not links and are skipped.
 */
class DocsLinksTest {
    private static final Set<String> SKIPPED = Set.of("target", "node_modules", ".git");
    private static final Pattern FENCE = Pattern.compile("^\\s*(`{3,}|~{3,})");
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");

    private final Map<Path, Set<String>> anchors = new HashMap<>();

    @Test
    void everyRelativeLinkAndAnchorResolves() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        List<Path> files = new ArrayList<>();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                return SKIPPED.contains(dir.getFileName().toString()) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (file.getFileName().toString().endsWith(".md")) {
                    files.add(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        files.sort(null);
        assertTrue(files.contains(root.resolve("README.md")), "README.md is checked");
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path file : files) {
            List<String> lines = outsideCode(Files.readAllLines(file));
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = LINK.matcher(lines.get(i));
                while (m.find()) {
                    String target = m.group(1);
                    if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
                        continue; // https:, mailto:
                    }
                    links++;
                    int hash = target.indexOf('#');
                    String path = hash < 0 ? target : target.substring(0, hash);
                    String anchor = hash < 0 ? "" : target.substring(hash + 1);
                    Path dest = path.isEmpty() ? file : file.getParent().resolve(path).normalize();
                    String where = root.relativize(file) + ":" + (i + 1) + ": ";
                    if (!Files.exists(dest)) {
                        broken.add(where + "no file " + target);
                    } else if (!anchor.isEmpty() && !(dest.toString().endsWith(".md") && anchors(dest).contains(anchor))) {
                        broken.add(where + "no heading #" + anchor + " in " + root.relativize(dest));
                    }
                }
            }
        }
        assertTrue(links > 100, "the README and the guides link to each other (" + links + " links)");
        assertEquals(List.of(), broken, "broken relative links in Markdown files");
    }

    @Test
    void anchorsAreGitHubs() {
        assertEquals("per-struct-packing-alignment-byte-order-asserted-sizes",
                slug("Per struct: packing, alignment, byte order, asserted sizes"));
        assertEquals("bit-fields-bits", slug("Bit-fields (`@Bits`)"));
        assertEquals("columnar-twin-to-arrow-arrowparquet-files-sql-in-duckdb",
                slug("Columnar twin to Arrow, Arrow/Parquet files, SQL in DuckDB"));
        assertEquals("validate_array", slug("validate_array"));
    }

    /** {@return the lines with fenced blocks emptied and code spans blanked} */
    private static List<String> outsideCode(List<String> lines) {
        List<String> out = new ArrayList<>();
        String fence = null;
        for (String line : lines) {
            Matcher f = FENCE.matcher(line);
            if (fence != null) {
                if (f.find() && f.group(1).charAt(0) == fence.charAt(0) && f.group(1).length() >= fence.length()) {
                    fence = null;
                }
                out.add("");
            } else if (f.find()) {
                fence = f.group(1);
                out.add("");
            } else {
                out.add(CODE_SPAN.matcher(line).replaceAll(r -> " ".repeat(r.group().length())));
            }
        }
        return out;
    }

    private Set<String> anchors(Path file) {
        return anchors.computeIfAbsent(file, f -> {
            Set<String> result = new HashSet<>();
            Map<String, Integer> seen = new HashMap<>();
            try {
                String fence = null;
                for (String line : Files.readAllLines(f)) {
                    Matcher fm = FENCE.matcher(line);
                    if (fence != null) {
                        if (fm.find() && fm.group(1).charAt(0) == fence.charAt(0) && fm.group(1).length() >= fence.length()) {
                            fence = null;
                        }
                        continue;
                    }
                    if (fm.find()) {
                        fence = fm.group(1);
                        continue;
                    }
                    Matcher h = HEADING.matcher(line);
                    if (h.matches()) {
                        String s = slug(h.group(2));
                        int n = seen.merge(s, 1, Integer::sum) - 1;
                        result.add(n == 0 ? s : s + "-" + n);
                    }
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return result;
        });
    }

    /** {@return GitHub's anchor for a heading's text} */
    static String slug(String heading) {
        String text = heading.strip()
                .replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1")
                .replace("`", "")
                .replaceAll("<[^>]+>", "")
                .toLowerCase(Locale.ROOT);
        return text.replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-');
    }
}
