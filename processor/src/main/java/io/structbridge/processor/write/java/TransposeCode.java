package io.structbridge.processor.write.java;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldType;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes the struct's transposes between an array of structs and its leaf columns
 * ({@code StructType.copyToColumns}/{@code copyFromColumns}): row-major loops in which every member
 * offset and column width is a constant, so the JIT compiles each row to plain loads and stores (a
 * strided pass per column reads every struct cache line once per column and runs at about a third of
 * a copy's bandwidth; the row-major loop runs at about a copy's: benchmarks run 27).
 *
 * <p>The leaves are the runtime's {@code RStruct.COLUMNS}, flattened here in the same order (nested
 * structs member by member, nested struct arrays element by element). A leaf of up to
 * {@value #UNROLLED_BYTES} bytes moves as 8-, 4-, 2- and 1-byte pieces, a wider one with one
 * {@code System.arraycopy} per row in the heap form ({@code MemorySegment.copy} in the segment form). At most {@value #MOVES_PER_LOOP} moves share one loop (one
 * method), so a loop stays small enough for the JIT however many members the struct has; a struct
 * with more moves gets several loops, each a row-major pass over its share of the leaves. Structs
 * holding a union or a bit-field at any depth have no columnar form and get no transpose. A struct of up to
 * {@value #HEAP_MAX_SIZE} bytes is moved through heap blocks ({@link #addHeapTo}: the segments are touched only
 * by bulk copies); a larger one straight between the segments, each sliced to the loop's rows first.
 */
final class TransposeCode {
    static final int UNROLLED_BYTES = 64;
    static final int MOVES_PER_LOOP = 24;
    /**
     * The largest struct, in bytes, whose loops move rows through heap blocks ({@code Transposes.BLOCK_BYTES} of
     * structs per block, at least {@code Transposes.BLOCK_MIN_ROWS}); a larger one is moved straight between the
     * segments (a block of 8 structs of 64 KiB cost 18 us per 1-row call in zeroed arrays, 7 times the segment loop).
     */
    static final long HEAP_MAX_SIZE = 1 << 12;

    /**
     * The most loops a struct gets; a struct whose leaves need more (wide, with hundreds of leaves) keeps the runtime's
     * strided transposes: hundreds of loop methods of up to 51 parameters each are skipped by C1 and compiled by C2
     * only after many calls, several times slower than the strided pass until then (a 4,000-leaf struct).
     */
    static final int MAX_LOOPS = 8;
    private static final ClassName TRANSPOSES = ClassName.get(JavaTypeNames.PKG, "Transposes");
    private static final TypeName SEGMENTS = ArrayTypeName.of(JavaTypeNames.MEMORY_SEGMENT);

    /** A leaf column: its byte offset in the struct and its bytes per row. */
    record Leaf(long offset, long width) {}

    private final StructLayoutPlan plan;
    private final List<Leaf> leaves;
    /** The leaf indexes of each loop, or null without a columnar form. */
    private final List<List<Integer>> groups;

    TransposeCode(StructLayoutPlan plan) {
        this.plan = plan;
        this.leaves = plan.model().union() ? null : leaves(plan, 0);
        this.groups = leaves == null ? null : groups();
    }

    /** {@return whether the struct has a columnar form of at most {@link #MAX_LOOPS} loops, and so gets the transposes} */
    boolean applies() {
        return leaves != null && !leaves.isEmpty() && groups.size() <= MAX_LOOPS;
    }

    /** {@return the leaves of {@code p} at {@code base}, in {@code COLUMNS} order, or null if one lies in a union or is a bit-field} */
    private static List<Leaf> leaves(StructLayoutPlan p, long base) {
        List<Leaf> out = new ArrayList<>();
        for (Member m : p.members()) {
            long at = base + m.offset();
            switch (m.field().type()) {
                case FieldType.Scalar s -> out.add(new Leaf(at, s.ctype().size()));
                case FieldType.PrimitiveArray a -> out.add(new Leaf(at, (long) a.element().ctype().size() * a.length()));
                case FieldType.Text x -> out.add(new Leaf(at, x.capacity()));
                case FieldType.EnumCode e -> out.add(new Leaf(at, e.ctype().size()));
                case FieldType.Pointer ptr -> out.add(new Leaf(at, 8));
                case FieldType.BitField f -> {
                    return null;
                }
                case FieldType.Nested n -> {
                    List<Leaf> inner = n.struct().union() ? null : leaves(m.nested(), at);
                    if (inner == null) {
                        return null;
                    }
                    out.addAll(inner);
                }
                case FieldType.NestedArray a -> {
                    for (int i = 0; i < a.length(); i++) {
                        List<Leaf> inner = a.struct().union() ? null : leaves(m.nested(), at + i * m.nested().size());
                        if (inner == null) {
                            return null;
                        }
                        out.addAll(inner);
                    }
                }
            }
        }
        return out;
    }

    /** Adds the loop methods to the struct class and the two overrides to its {@code Type} class. */
    void addTo(TypeSpec.Builder structClass, TypeSpec.Builder typeClass) {
        if (plan.size() <= HEAP_MAX_SIZE) {
            addHeapTo(structClass, typeClass);
            return;
        }
        MethodSpec.Builder to = override("copyToColumns").addParameter(JavaTypeNames.MEMORY_SEGMENT, "structs")
                .addParameter(TypeName.LONG, "offset").addParameter(TypeName.LONG, "rows").addParameter(SEGMENTS, "columns");
        MethodSpec.Builder from = override("copyFromColumns").addParameter(SEGMENTS, "columns")
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "structs").addParameter(TypeName.LONG, "offset").addParameter(TypeName.LONG, "rows");
        to.addStatement("$T.checkToColumns(this, structs, offset, rows, columns)", TRANSPOSES);
        from.addStatement("$T.checkFromColumns(this, columns, structs, offset, rows)", TRANSPOSES);
        for (MethodSpec.Builder b : List.of(to, from)) {
            b.beginControlFlow("for (long done = 0; done < rows; )")
                    .addStatement("int n = (int) $T.min(rows - done, $T.CHUNK_ROWS)", Math.class, TRANSPOSES)
                    .addStatement("long base = offset + done * SIZE");
        }
        for (int g = 0; g < groups.size(); g++) {
            List<Integer> group = groups.get(g);
            CodeBlock.Builder args = CodeBlock.builder().add("structs, base");
            for (int k : group) {
                args.add(", columns[$L], done * $LL", k, leaves.get(k).width());
            }
            args.add(", n");
            to.addStatement("toColumns$$$L($L)", g, args.build());
            from.addStatement("fromColumns$$$L($L)", g, args.build());
            structClass.addMethod(segmentLoop("toColumns$" + g, group, true));
            structClass.addMethod(segmentLoop("fromColumns$" + g, group, false));
        }
        for (MethodSpec.Builder b : List.of(to, from)) {
            b.addStatement("done += n").endControlFlow();
        }
        typeClass.addMethod(to.build()).addMethod(from.build());
    }

    /**
     * The heap-block form: the override copies each block of structs into one {@code byte[]} once (and, for
     * {@code copyFromColumns}, back out once), and each loop method moves its leaves between that array and a
     * second one, copying its columns in or out in bulk. The segments are touched only by these bulk copies, so no
     * loop holds a memory-segment access (and no session check whose profile another thread's confined segments
     * may have shaped: with the moves on the segments, C2's profiled loop predicates failed at every entry after the
     * JVM had written structs through a confined arena, and the loop was recompiled over and over, 360-690 ms per
     * 1M-row DuckDB query instead of 19-35 ms in a plain JVM; {@code benchmarks/.../TrapStormRepro}: 47-51 ms instead of 3 ms
     * per 1M rows). Copying columns back into
     * structs first reads the block, so padding and bytes outside the leaves keep the values read just before
     * (a concurrent write to them during the call can be lost).
     */
    private void addHeapTo(TypeSpec.Builder structClass, TypeSpec.Builder typeClass) {
        long size = plan.size();
        long widest = 0;
        for (List<Integer> group : groups) {
            long w = 0;
            for (int k : group) {
                w += leaves.get(k).width();
            }
            widest = Math.max(widest, w);
        }
        ClassName segment = JavaTypeNames.MEMORY_SEGMENT;
        MethodSpec.Builder to = override("copyToColumns").addParameter(segment, "structs")
                .addParameter(TypeName.LONG, "offset").addParameter(TypeName.LONG, "rows").addParameter(SEGMENTS, "columns");
        MethodSpec.Builder from = override("copyFromColumns").addParameter(SEGMENTS, "columns")
                .addParameter(segment, "structs").addParameter(TypeName.LONG, "offset").addParameter(TypeName.LONG, "rows");
        to.addStatement("$T.checkToColumns(this, structs, offset, rows, columns)", TRANSPOSES);
        from.addStatement("$T.checkFromColumns(this, columns, structs, offset, rows)", TRANSPOSES);
        for (MethodSpec.Builder b : List.of(to, from)) {
            b.addStatement("int block = (int) $T.min(rows, $T.max($T.BLOCK_MIN_ROWS, $T.BLOCK_BYTES / $L))", Math.class, Math.class,
                            TRANSPOSES, TRANSPOSES, size)
                    .addStatement("byte[] s = new byte[block * $L]", size)
                    .addStatement("byte[] c = new byte[block * $L]", widest)
                    .beginControlFlow("for (long done = 0; done < rows; )")
                    .addStatement("int m = (int) $T.min(block, rows - done)", Math.class)
                    .addStatement("$T.copy(structs, $T.JAVA_BYTE, offset + done * $LL, s, 0, m * $L)", segment, JavaTypeNames.VALUE_LAYOUT,
                            size, size);
        }
        for (int g = 0; g < groups.size(); g++) {
            List<Integer> group = groups.get(g);
            CodeBlock.Builder args = CodeBlock.builder().add("s, c, m");
            for (int k : group) {
                args.add(", columns[$L], done * $LL", k, leaves.get(k).width());
            }
            to.addStatement("toColumns$$$L($L)", g, args.build());
            from.addStatement("fromColumns$$$L($L)", g, args.build());
            structClass.addMethod(heapLoop("toColumns$" + g, group, true));
            structClass.addMethod(heapLoop("fromColumns$" + g, group, false));
        }
        from.addStatement("$T.copy(s, 0, structs, $T.JAVA_BYTE, offset + done * $LL, m * $L)", segment, JavaTypeNames.VALUE_LAYOUT,
                size, size);
        for (MethodSpec.Builder b : List.of(to, from)) {
            b.addStatement("done += m").endControlFlow();
        }
        typeClass.addMethod(to.build()).addMethod(from.build());
    }

    /** {@return the leaf indexes split into loops of at most {@value #MOVES_PER_LOOP} moves} */
    private List<List<Integer>> groups() {
        List<List<Integer>> out = new ArrayList<>();
        List<Integer> cur = new ArrayList<>();
        int moves = 0;
        for (int k = 0; k < leaves.size(); k++) {
            int mk = moves(leaves.get(k).width());
            if (!cur.isEmpty() && moves + mk > MOVES_PER_LOOP) {
                out.add(cur);
                cur = new ArrayList<>();
                moves = 0;
            }
            cur.add(k);
            moves += mk;
        }
        if (!cur.isEmpty()) {
            out.add(cur);
        }
        return out;
    }

    private static int moves(long width) {
        return width > UNROLLED_BYTES ? 1 : Long.bitCount(width & 7) + (int) (width / 8);
    }

    /**
     * One row-major loop over the {@code m} structs of a heap block {@code s}, moving the leaves of {@code group}
     * through {@code c} (leaf after leaf, {@code m} rows each) and copying them to (or from) their column segments.
     */
    private MethodSpec heapLoop(String name, List<Integer> group, boolean toColumns) {
        MethodSpec.Builder b = MethodSpec.methodBuilder(name).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addJavadoc("Moves $L leaves of the $L structs in $L $L (offsets constant; bounds checked by the caller first).\n",
                        group.size(), "{@code m}", "{@code s}", toColumns ? "into their columns" : "from their columns")
                .addParameter(byte[].class, "s").addParameter(byte[].class, "c").addParameter(TypeName.INT, "m");
        for (int k : group) {
            b.addParameter(JavaTypeNames.MEMORY_SEGMENT, "c" + k).addParameter(TypeName.LONG, "o" + k);
        }
        long size = plan.size();
        List<Long> sections = new ArrayList<>(); // a leaf's start in c, in bytes per block row
        long sectionWidth = 0;
        for (int k : group) {
            sections.add(sectionWidth);
            sectionWidth += leaves.get(k).width();
        }
        ClassName segment = JavaTypeNames.MEMORY_SEGMENT;
        if (!toColumns) {
            for (int j = 0; j < group.size(); j++) {
                int k = group.get(j);
                long w = leaves.get(k).width();
                b.addStatement("$T.copy(c$L, $T.JAVA_BYTE, o$L, c, m * $L, m * $L)", segment, k, JavaTypeNames.VALUE_LAYOUT, k,
                        sections.get(j), w);
            }
        }
        b.beginControlFlow("for (int i = 0; i < m; i++)").addStatement("int r = i * $L", size);
        for (int j = 0; j < group.size(); j++) {
            Leaf leaf = leaves.get(group.get(j));
            long w = leaf.width();
            String col = "m * " + sections.get(j) + " + i * " + w;
            if (w > UNROLLED_BYTES) {
                if (toColumns) {
                    b.addStatement("$T.arraycopy(s, $L, c, $L, $L)", System.class, rowAt(leaf.offset()), col, w);
                } else {
                    b.addStatement("$T.arraycopy(c, $L, s, $L, $L)", System.class, col, rowAt(leaf.offset()), w);
                }
                continue;
            }
            long done = 0;
            for (int piece : new int[] {8, 4, 2, 1}) {
                while (w - done >= piece) {
                    String colAt = done == 0 ? col : col + " + " + done;
                    String rowAt = rowAt(leaf.offset() + done);
                    String to = toColumns ? "c" : "s";
                    String toAt = toColumns ? colAt : rowAt;
                    String from = toColumns ? "s" : "c";
                    String fromAt = toColumns ? rowAt : colAt;
                    if (piece == 1) {
                        b.addStatement("$L[$L] = $L[$L]", to, toAt, from, fromAt);
                    } else {
                        String handle = piece == 8 ? "BYTES_AS_LONG" : piece == 4 ? "BYTES_AS_INT" : "BYTES_AS_SHORT";
                        String cast = piece == 8 ? "long" : piece == 4 ? "int" : "short";
                        b.addStatement("$T.$L.set($L, $L, ($L) $T.$L.get($L, $L))", TRANSPOSES, handle, to, toAt, cast, TRANSPOSES, handle,
                                from, fromAt);
                    }
                    done += piece;
                }
            }
        }
        b.endControlFlow();
        if (toColumns) {
            for (int j = 0; j < group.size(); j++) {
                int k = group.get(j);
                long w = leaves.get(k).width();
                b.addStatement("$T.copy(c, m * $L, c$L, $T.JAVA_BYTE, o$L, m * $L)", segment, sections.get(j), k, JavaTypeNames.VALUE_LAYOUT,
                        k, w);
            }
        }
        return b.build();
    }

    /** {@return the index expression of a struct byte in the heap block's row {@code r}} */
    private static String rowAt(long offset) {
        return offset == 0 ? "r" : "r + " + offset;
    }

    /** One row-major loop over {@code n} rows straight between the segments, for structs larger than {@link #HEAP_MAX_SIZE}. */
    private MethodSpec segmentLoop(String name, List<Integer> group, boolean toColumns) {
        MethodSpec.Builder b = MethodSpec.methodBuilder(name).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addJavadoc("Moves $L leaves of $L rows $L (offsets constant; bounds checked by the caller first).\n",
                        group.size(), "{@code n}", toColumns ? "from structs into columns" : "from columns into structs")
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "s").addParameter(TypeName.LONG, "base");
        for (int k : group) {
            b.addParameter(JavaTypeNames.MEMORY_SEGMENT, "c" + k).addParameter(TypeName.LONG, "o" + k);
        }
        b.addParameter(TypeName.INT, "n");
        // each segment sliced to exactly this call's rows first, then indexed from 0 by a long counter
        b.addStatement("s = s.asSlice(base, n * $LL)", plan.size());
        for (int k : group) {
            b.addStatement("c$L = c$L.asSlice(o$L, n * $LL)", k, k, k, leaves.get(k).width());
        }
        b.beginControlFlow("for (long i = 0; i < n; i++)").addStatement("long r = i * $LL", plan.size());
        for (int k : group) {
            Leaf leaf = leaves.get(k);
            String col = "c" + k;
            String at = "i * " + leaf.width() + "L";
            if (leaf.width() > UNROLLED_BYTES) {
                if (toColumns) {
                    b.addStatement("$T.copy(s, $L, $L, $L, $LL)", JavaTypeNames.MEMORY_SEGMENT, structAt(leaf.offset()), col, at, leaf.width());
                } else {
                    b.addStatement("$T.copy($L, $L, s, $L, $LL)", JavaTypeNames.MEMORY_SEGMENT, col, at, structAt(leaf.offset()), leaf.width());
                }
                continue;
            }
            long done = 0;
            for (int piece : new int[] {8, 4, 2, 1}) {
                while (leaf.width() - done >= piece) {
                    String layout = switch (piece) {
                        case 8 -> "JAVA_LONG_UNALIGNED";
                        case 4 -> "JAVA_INT_UNALIGNED";
                        case 2 -> "JAVA_SHORT_UNALIGNED";
                        default -> "JAVA_BYTE";
                    };
                    String colAt = done == 0 ? at : at + " + " + done;
                    String rowAt = structAt(leaf.offset() + done);
                    if (toColumns) {
                        b.addStatement("$L.set($T.$L, $L, s.get($T.$L, $L))", col, JavaTypeNames.VALUE_LAYOUT, layout, colAt,
                                JavaTypeNames.VALUE_LAYOUT, layout, rowAt);
                    } else {
                        b.addStatement("s.set($T.$L, $L, $L.get($T.$L, $L))", JavaTypeNames.VALUE_LAYOUT, layout, rowAt, col,
                                JavaTypeNames.VALUE_LAYOUT, layout, colAt);
                    }
                    done += piece;
                }
            }
        }
        return b.endControlFlow().build();
    }

    /** {@return the byte offset expression of a struct byte in row {@code r}} */
    private static String structAt(long offset) {
        return offset == 0 ? "r" : "r + " + offset + "L"; // long literals: a struct may exceed 2 GiB
    }

    private static MethodSpec.Builder override(String name) {
        return MethodSpec.methodBuilder(name).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC).returns(TypeName.VOID);
    }
}
