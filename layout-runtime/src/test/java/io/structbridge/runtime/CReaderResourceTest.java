package io.structbridge.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The C reader of struct files is part of the runtime's artifact, where users find it (docs/struct-files.md). */
class CReaderResourceTest {
    @Test
    void theJarCarriesTheCReaderUnchanged() throws IOException {
        try (InputStream in = StructFile.class.getResourceAsStream("/META-INF/structbridge/structfile.h")) {
            assertNotNull(in, "META-INF/structbridge/structfile.h is on the runtime's class path");
            assertArrayEquals(Files.readAllBytes(Path.of("src/main/c/structfile.h")), in.readAllBytes());
        }
    }
}
