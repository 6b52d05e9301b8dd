package io.structbridge.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.processor.VersionedStructFileTest.Version;
import io.structbridge.runtime.StructFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A forged lineage block, its checksum made right so that only the block's shape can give it away: a newer file
 * (layout version 3, read by version 1, which compares no entry past its own) whose later entries shrink the size or
 * the alignment, give a size that is not a positive multiple of the alignment, an alignment that is not a power of
 * two, or versions out of order. Java, C ({@code sb_map_versions}), Python ({@code open_array}) and Mojo
 * ({@code StructFile}) each refuse every one with the same message, naming the file, the entry and the field; and
 * {@code StructFile.migrate} refuses to launder one into a valid file, leaving nothing behind.
 */
class ForgedLineageTest {
    @TempDir
    static Path shared;
    private static Version v1;
    private static Version v3;
    private static byte[] original;
    /** Each forged file and the message every reader must give for it. */
    private static final Map<Path, String> FORGED = new LinkedHashMap<>();

    private static final int ENTRIES = 3;

    private static int entry(int k) {
        return 136 + 56 * (k - 1);
    }

    @BeforeAll
    static void forge() throws Exception {
        v1 = VersionedStructFileLanguagesTest.compile(shared, "v1", 1, VersionedStructFileTest.V1);
        v3 = VersionedStructFileLanguagesTest.compile(shared, "v3", 3, VersionedStructFileTest.V3);
        original = Files.readAllBytes(VersionedStructFileLanguagesTest.write(v3, shared.resolve("tick-v3.sb")));
        ByteBuffer b = ByteBuffer.wrap(original).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(3, b.getInt(8), "format 3");
        assertEquals(ENTRIES, b.getInt(128), "three entries");
        long s1 = b.getLong(entry(1) + 8);
        long a1 = b.getLong(entry(1) + 16);
        long s2 = b.getLong(entry(2) + 8);
        long a2 = b.getLong(entry(2) + 16);
        long s3 = b.getLong(entry(3) + 8);
        assertTrue(a1 >= 2 && a2 == a1 && s1 > a1 && s3 > s2, "the preconditions of the forgeries: " + s1 + " " + a1);
        String e2 = "lineage entry 2 of 3 has ";
        String e3 = "lineage entry 3 of 3 has ";
        String grows = " (a later layout version only appends members)";
        forged("version", e -> e.putInt(entry(2), 7),
                "lineage entry 2 of 3 holds layout version 7; the entries of a format-3 file are versions 1 to 3 in order");
        forged("alignment-24", e -> e.putLong(entry(2) + 16, 24), e2 + "alignment 24, not a power of two");
        forged("alignment-0", e -> e.putLong(entry(2) + 16, 0), e2 + "alignment 0, not a power of two");
        forged("alignment-max", e -> e.putLong(entry(2) + 16, -1),
                e2 + "alignment 18446744073709551615, not a power of two");
        forged("size-odd", e -> e.putLong(entry(2) + 8, s2 + 1),
                e2 + "size " + (s2 + 1) + ", not a positive multiple of its alignment " + a2);
        forged("alignment-shrinks", e -> e.putLong(entry(2) + 16, a1 / 2),
                e2 + "alignment " + (a1 / 2) + ", less than the alignment " + a1 + " of entry 1" + grows);
        forged("size-shrinks", e -> e.putLong(entry(2) + 8, s1 - a1),
                e2 + "size " + (s1 - a1) + ", less than the size " + s1 + " of entry 1" + grows);
        // the last entry, the header's own layout and the stride with it: a reader divided by 0 or read past structs
        forged("last-size-0", e -> {
            e.putLong(entry(3) + 8, 0);
            e.putLong(16, 0);
            e.putLong(32, 0);
        }, e3 + "size 0, not a positive multiple of its alignment " + a2);
        forged("last-shrinks", e -> {
            e.putLong(entry(3) + 8, a1);
            e.putLong(16, a1);
            e.putLong(32, a1);
        }, e3 + "size " + a1 + ", less than the size " + s2 + " of entry 2" + grows);
        forged("last-size-huge", e -> {
            e.putLong(entry(3) + 8, Long.MIN_VALUE + 1);
            e.putLong(16, Long.MIN_VALUE + 1);
            e.putLong(32, Long.MIN_VALUE + 1);
        }, e3 + "size 9223372036854775809, not a positive multiple of its alignment " + a2);
    }

    /** Writes {@code original} changed by {@code change}, its checksum recomputed, as {@code name}.sb. */
    private static void forged(String name, Consumer<ByteBuffer> change, String message) throws IOException {
        byte[] bytes = original.clone();
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        change.accept(b);
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, 124);
        crc.update(bytes, 128, entry(ENTRIES + 1) - 128);
        b.putInt(124, (int) crc.getValue());
        Path file = Files.write(shared.resolve(name + ".sb"), bytes);
        FORGED.put(file, file + ": " + message);
    }

    @AfterAll
    static void close() throws IOException {
        v1.loader().close();
        v3.loader().close();
    }

    private static List<String> expected() {
        return new ArrayList<>(FORGED.values());
    }

    @Test
    void javaRefusesEachForgeryNamingTheEntryAndTheField() throws Exception {
        for (Version reader : List.of(v1, v3)) {
            List<String> got = new ArrayList<>();
            for (Path f : FORGED.keySet()) {
                got.addAll(VersionedStructFileLanguagesTest.java(reader, f, x -> "read"));
            }
            assertEquals(expected(), got, "Java, reader v" + reader.number());
        }
    }

    @Test
    void migrateRefusesToLaunderAForgeryAndLeavesNothing() throws Exception {
        for (Path f : FORGED.keySet()) {
            Path target = shared.resolve("laundered").resolve(f.getFileName());
            Files.createDirectories(target.getParent());
            StructFile.StructFileException e = assertThrows(StructFile.StructFileException.class,
                    () -> StructFile.migrate(f, target, v1.type()));
            assertTrue(e.getMessage().contains(FORGED.get(f)), e.getMessage());
            try (Stream<Path> left = Files.list(target.getParent())) {
                assertEquals(List.of(), left.toList(), "nothing left behind by " + f);
            }
        }
    }

    @Test
    void cRefusesEachForgeryWithJavasMessage() throws Exception {
        assertEquals(expected(), VersionedStructFileLanguagesTest.c(v1, List.copyOf(FORGED.keySet())));
    }

    @Test
    void pythonRefusesEachForgeryWithJavasMessage() throws Exception {
        assertEquals(expected(), VersionedStructFileLanguagesTest.python(v1, VersionedStructFileLanguagesTest.PYTHON_READER,
                List.copyOf(FORGED.keySet())));
    }

    @Test
    void mojoRefusesEachForgeryWithJavasMessage() throws Exception {
        assertEquals(expected(), VersionedStructFileLanguagesTest.mojo("read1", List.copyOf(FORGED.keySet())));
    }

    @Test
    void theUnforgedFileStillReads() throws Exception {
        Path f = Files.write(shared.resolve("unforged.sb"), original);
        List<String> java = VersionedStructFileLanguagesTest.java(v1, f, x -> "count " + x.count());
        assertEquals("count 3", java.getFirst());
        assertFalse(java.stream().anyMatch(l -> l.contains("lineage entry")), java.toString());
    }
}
