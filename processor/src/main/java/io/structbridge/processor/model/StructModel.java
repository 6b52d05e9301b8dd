package io.structbridge.processor.model;

import io.structbridge.annotations.Endian;
import java.util.List;

/**
 * One {@code @Struct} record, as parsed: the only input the layout engine and the writers see.
 *
 * @param record the record class
 * @param pack the {@code #pragma pack} value, or 0 for natural alignment
 * @param align the explicit struct alignment, or 0
 * @param order the default byte order of members
 * @param assertedSize the asserted size in bytes, or -1
 * @param fields the components in declaration order
 * @param description the record's documentation (first sentence is the schema title), or empty
 * @param ignoreUnknown whether JSON input may carry unknown properties ({@code @JsonIgnoreProperties(ignoreUnknown = true)})
 * @param fallback why generated validation cannot cover this record (custom or class-level constraints,
 *     groups), so Hibernate Validator runs instead; empty when generated validation is complete
 * @param union whether the record is a {@code @Union}: every member at offset 0 (C11 6.7.2.1p16)
 * @param tagged the union components with a discriminator ({@code @Tag}), in component order
 * @param reserved the {@code @Reserved} components: removed from every API, their bytes kept; not in {@code fields}
 */
public record StructModel(ClassRef record, int pack, int align, Endian order, long assertedSize, List<FieldModel> fields,
                          String description, boolean ignoreUnknown, List<String> fallback, boolean union,
                          List<TaggedUnion> tagged, List<Reserved> reserved) {
    public StructModel {
        fields = List.copyOf(fields);
        fallback = List.copyOf(fallback);
        tagged = List.copyOf(tagged);
        reserved = List.copyOf(reserved);
    }

    /**
     * A removed member whose bytes stay ({@code @Reserved}).
     *
     * @param position its index among all the record's components (the record constructor's parameter index)
     * @param field the component as it was: its type gives the bytes' size and alignment
     * @param locked the constraints the layout lock holds for the member from before it was reserved (a reserved
     *     component declares none): readers of those versions check them on the zero bytes new code writes
     * @param lockedEnumCodes for an enum member, its constants as the layout lock holds them ({@code NAME=code}, the
     *     enum old readers know; empty without a lock): the zero bytes must be a code of theirs
     */
    public record Reserved(int position, FieldModel field, List<Constraint> locked, List<String> lockedEnumCodes) {
        public Reserved {
            locked = List.copyOf(locked);
            lockedEnumCodes = List.copyOf(lockedEnumCodes);
        }

        /**
         * {@return the JSON names the removed member had: its JSON name, then the former JSON names of a member
         * renamed before it was removed; JSON of those versions holds them, and readers skip each}
         */
        public List<String> jsonNames() {
            java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
            names.add(field.jsonName());
            names.addAll(field.formerJsonNames());
            return List.copyOf(names);
        }

        /** A reserved member without a lock: no locked constraints or enum codes. */
        public Reserved(int position, FieldModel field) {
            this(position, field, List.of(), List.of());
        }
    }

    /** A struct or union without reserved members. */
    public StructModel(ClassRef record, int pack, int align, Endian order, long assertedSize, List<FieldModel> fields,
                       String description, boolean ignoreUnknown, List<String> fallback, boolean union,
                       List<TaggedUnion> tagged) {
        this(record, pack, align, order, assertedSize, fields, description, ignoreUnknown, fallback, union, tagged, List.of());
    }

    /** {@return the number of the record's components, reserved ones included} */
    public int components() {
        return fields.size() + reserved.size();
    }

    /** A struct or union without tagged unions. */
    public StructModel(ClassRef record, int pack, int align, Endian order, long assertedSize, List<FieldModel> fields,
                       String description, boolean ignoreUnknown, List<String> fallback, boolean union) {
        this(record, pack, align, order, assertedSize, fields, description, ignoreUnknown, fallback, union, List.of());
    }

    /** A struct (not a union). */
    public StructModel(ClassRef record, int pack, int align, Endian order, long assertedSize, List<FieldModel> fields,
                       String description, boolean ignoreUnknown, List<String> fallback) {
        this(record, pack, align, order, assertedSize, fields, description, ignoreUnknown, fallback, false);
    }

    /** A struct without JSON or validation information. */
    public StructModel(ClassRef record, int pack, int align, Endian order, long assertedSize, List<FieldModel> fields) {
        this(record, pack, align, order, assertedSize, fields, "", false, List.of());
    }

    /** {@return {@code union} or {@code struct}: the C keyword of the declaration} */
    public String cKeyword() {
        return union ? "union" : "struct";
    }

    /** {@return the C tag and typedef name: the record's flat name} */
    public String cName() {
        return record.flatName();
    }
}
