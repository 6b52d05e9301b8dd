package io.structbridge.spark;

import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Opens struct files for the connector: {@link StructFile#open} read-only, which checks every header
 * field against the type (a file of another layout names both layouts; a file shorter than its header
 * says names its size and the size it needs) before any struct is read.
 */
final class StructFiles {
    private StructFiles() {}

    /** What the driver learns from a file: its type, member tree, struct count, and which file it was. */
    record Probe(StructType<?> type, Node.Group root, long count, StructFile.Identity identity) {}

    /**
     * {@return the file's type, members and count, checked; the file is closed again}
     *
     * @throws UncheckedIOException with the struct file's message if it cannot be opened or does not match
     */
    static Probe probe(ReadOptions options) {
        StructType<?> type = TypeResolver.resolve(options.typeName());
        Node.Group root = ColumnTree.build(type);
        SparkTypes.schema(root); // refuses pointers (ColumnTree: untagged unions) before any file is touched
        try (StructFile<?> f = open(options.path(), type)) {
            return new Probe(type, root, f.count(), f.identity());
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    /**
     * {@return the file opened read-only (shared lock)}
     *
     * @throws UncheckedIOException with the struct file's message
     */
    static <R extends Record> StructFile<R> open(String path, StructType<R> type) {
        try {
            return StructFile.open(Path.of(path), type, false);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }
}
