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
 */
public record StructModel(ClassRef record, int pack, int align, Endian order, long assertedSize, List<FieldModel> fields) {
    public StructModel {
        fields = List.copyOf(fields);
    }

    /** {@return the C tag and typedef name: the record's flat name} */
    public String cName() {
        return record.flatName();
    }
}
