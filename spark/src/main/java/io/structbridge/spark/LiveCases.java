package io.structbridge.spark;

import io.structbridge.runtime.Column;
import io.structbridge.runtime.TaggedUnion;
import java.lang.foreign.MemorySegment;

/**
 * Which member of a tagged union is live in each value of a batch: when the batch loads, the discriminator of each
 * value is read and the case it selects is kept ({@link TaggedUnion#live}); a value whose union lies in a dead member
 * of an enclosing union has none (-1), and its discriminator is not read. A discriminator value that selects no member
 * fails the read naming the file, the struct and the discriminator's path, in the words of the Arrow export: an enum
 * discriminator's value is no constant ({@code enum code 7 is not one of CIRCLE=1, RECT=2, SQUARE=30}, as any enum
 * member's), an integer one lists the cases ({@code discriminator type = 7 selects no member of union 'value' (1 -> i,
 * 2 -> d, 3 -> d, -1 -> s)}).
 */
final class LiveCases {
    private final MemorySegment data;
    private final Rows rows;
    private final Column tag;
    private final String tagMember;
    private final TaggedUnion union;
    private final IntReader reader;
    private int[] live = new int[0];
    private int n;

    /**
     * @param data the mapped structs
     * @param rows the union's space
     * @param union the union node
     * @param member the union's path relative to {@code rows} (its discriminator is the sibling named by the tag)
     */
    LiveCases(MemorySegment data, Rows rows, Node.Union union, String member) {
        this.data = data;
        this.rows = rows;
        this.tag = union.tag();
        this.union = union.union();
        int dot = member.lastIndexOf('.');
        this.tagMember = member.substring(0, dot + 1) + last(tag.path());
        this.reader = new IntReader(tag);
    }

    private static String last(String path) {
        return path.substring(path.lastIndexOf('.') + 1);
    }

    /**
     * Reads the discriminators of values {@code [0, n)} of the current batch.
     *
     * @throws StructReadException if a discriminator selects no member
     */
    void load(int n) {
        if (live.length < n) {
            live = new int[n];
        }
        this.n = n;
        for (int i = 0; i < n; i++) {
            if (rows.dead(i)) {
                live[i] = -1;
                continue;
            }
            long code = reader.read(data, rows.offset(i) + tag.offset());
            int j = union.live(code);
            if (j < 0) {
                throw rows.fail(i, tagMember, noCase(code));
            }
            live[i] = j;
        }
    }

    /** {@return the case index of the member live in value {@code i}, or -1 if none} */
    int live(int i) {
        return live[i];
    }

    /** {@return how many values of the batch do not hold member {@code j}} */
    int other(int j) {
        int c = 0;
        for (int i = 0; i < n; i++) {
            if (live[i] != j) {
                c++;
            }
        }
        return c;
    }

    private String noCase(long code) {
        if (tag.kind() == Column.Kind.ENUM && tag.constants().stream().noneMatch(k -> k.code() == code)) {
            return "enum code " + EnumVector.code(tag, code) + " is not one of " + EnumVector.constants(tag);
        }
        StringBuilder cases = new StringBuilder("(");
        for (TaggedUnion.Case c : union.cases()) {
            for (long v : c.codes()) {
                cases.append(cases.length() == 1 ? "" : ", ").append(EnumVector.code(tag, v)).append(" -> ").append(c.member());
            }
        }
        return "discriminator " + last(tag.path()) + " = " + EnumVector.code(tag, code) + " selects no member of union '"
                + last(union.path()) + "' " + cases.append(')');
    }
}
