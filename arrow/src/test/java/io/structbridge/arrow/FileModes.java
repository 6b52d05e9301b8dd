package io.structbridge.arrow;

import io.structbridge.arrow.files.ArrowFiles;
import io.structbridge.fixtures.support.RandomStructs;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Random;

/**
 * A child JVM (started by {@code FilePermissionsTest} under a chosen umask) that writes, into the folder
 * {@code args[0]}, a plain file with {@link Files#write} ({@code plain}) and one file of every writer the
 * project has at run time: the IPC file ({@code ipc}), the Parquet file ({@code parquet}, twice: new and
 * replacing an existing file) and a struct file ({@code structs}); then prints {@code name rwxr-x---} per file.
 */
final class FileModes {
    private FileModes() {}

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        Files.write(dir.resolve("plain"), new byte[] {1, 2, 3});
        StructType<Record> type = ArrowJavaOracleTest.type("Particle");
        int n = 20;
        try (Arena arena = Arena.ofShared()) {
            MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
            RandomStructs.fill(type, seg, n, new Random(5));
            ArrowFiles.writeIpc(type, seg, n, 8, dir.resolve("ipc"));
            ArrowFiles.writeParquet(type, seg, n, 8, dir.resolve("parquet"));
            Files.write(dir.resolve("parquet-replaced"), new byte[] {1});
            Files.setPosixFilePermissions(dir.resolve("parquet-replaced"), PosixFilePermissions.fromString("rw-------"));
            ArrowFiles.writeParquet(type, seg, n, 8, dir.resolve("parquet-replaced"));
            try (StructFile<Record> f = StructFile.create(dir.resolve("structs"), type, n)) {
                f.appendStructs(seg);
            }
        }
        for (String name : new String[] {"plain", "ipc", "parquet", "parquet-replaced", "structs"}) {
            System.out.println(name + " " + PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(name))));
        }
    }
}
