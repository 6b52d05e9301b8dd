package io.structbridge.spark;

import io.structbridge.arrow.ArrowStreamExport;
import io.structbridge.arrow.UnionMode;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.duckdb.DuckDBConnection;

/**
 * The second oracle: DuckDB's SQL over the same struct file, registered as table {@code t} through
 * our ArrowArrayStream export (as {@code DuckDbSqlTest} of the arrow module does). Tagged unions go over as Arrow
 * sparse unions, which DuckDB reads as its {@code UNION} type ({@code u.member} is NULL where the member is dead).
 */
final class DuckDb {
    private DuckDb() {}

    /** {@return the rows of {@code sql} over {@code file} as table {@code t}} */
    static <R extends Record> List<List<Object>> query(Path file, StructType<R> type, String sql) throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        try (StructFile<R> f = StructFile.open(file, type, false);
             BufferAllocator allocator = new RootAllocator();
             ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
            MemorySegment out = MemorySegment.ofAddress(stream.memoryAddress());
            if (type.taggedUnions().isEmpty()) {
                ArrowStreamExport.exportStream(f, 50_000, out);
            } else {
                ArrowStreamExport.exportStream(type, f.elements(), f.count(), 50_000, out, UnionMode.SPARSE);
            }
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
                c.unwrap(DuckDBConnection.class).registerArrowStream("t", stream);
                try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
                    int n = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        List<Object> row = new ArrayList<>();
                        for (int i = 1; i <= n; i++) {
                            row.add(rs.getObject(i));
                        }
                        rows.add(row);
                    }
                }
            }
        }
        return rows;
    }
}
