package io.structbridge.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.processor.check.Message;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Every diagnostic has a test in {@link DiagnosticsTest}, a stable id, and text that says rule and fix. */
class MessageCoverageTest {
    @Test
    void everyMessageIsExercisedByDiagnosticsTest() throws IOException {
        // Surefire runs in the module's folder.
        String source = Files.readString(Path.of("src/test/java/io/structbridge/processor/DiagnosticsTest.java"))
                + Files.readString(Path.of("src/test/java/io/structbridge/processor/ConstraintDiagnosticsTest.java"))
                + Files.readString(Path.of("src/test/java/io/structbridge/processor/UnionDiagnosticsTest.java"))
                + Files.readString(Path.of("src/test/java/io/structbridge/processor/TaggedUnionDiagnosticsTest.java"))
                + Files.readString(Path.of("src/test/java/io/structbridge/processor/PointerDiagnosticsTest.java"))
                + Files.readString(Path.of("src/test/java/io/structbridge/processor/PythonPackageDiagnosticsTest.java"))
                + Files.readString(Path.of("src/test/java/io/structbridge/processor/LayoutLockDiagnosticsTest.java"))
                + Files.readString(Path.of("src/test/java/io/structbridge/processor/SinceDiagnosticsTest.java"))
                + Files.readString(Path.of("src/test/java/io/structbridge/processor/OutputsOptionTest.java"));
        List<String> missing = Arrays.stream(Message.values()).map(Enum::name)
                .filter(n -> !Pattern.compile("Message\\." + n + "\\b").matcher(source).find())
                .toList();
        assertEquals(List.of(), missing, "messages without a test in DiagnosticsTest");
    }

    @Test
    void idsAreStableAndDistinct() {
        assertEquals("SB-NARROWING-CANNOT-HOLD", Message.NARROWING_CANNOT_HOLD.id());
        assertEquals(Message.values().length, Arrays.stream(Message.values()).map(Message::id).distinct().count());
        for (Message m : Message.values()) {
            assertTrue(m.id().matches("SB-[A-Z0-9]+(-[A-Z0-9]+)*"), m.id());
        }
    }
}
