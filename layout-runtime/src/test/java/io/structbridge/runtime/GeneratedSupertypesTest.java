package io.structbridge.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The runtime types that generated classes extend or implement declare no member type, and inherit none: a
 * generated class would inherit it, and a member type hides a type of the same simple name in the record's package
 * (StructColumns.RowValidator once hid the validator RowValidator of a record named Row, and RowColumns did not
 * compile). Generated code names the types of its own package by their simple names.
 */
class GeneratedSupertypesTest {
    @Test
    void theTypesGeneratedClassesExtendDeclareNoMemberType() {
        List<String> members = new ArrayList<>();
        for (Class<?> c : List.of(StructColumns.class, StructType.class, StructArray.class)) {
            for (Class<?> t = c; t != null && t != Object.class; t = t.getSuperclass()) {
                collect(t, members);
            }
        }
        assertEquals(List.of(), members);
    }

    private static void collect(Class<?> type, List<String> out) {
        for (Class<?> m : type.getDeclaredClasses()) {
            out.add(m.getName());
        }
        for (Class<?> i : type.getInterfaces()) {
            collect(i, out);
        }
    }
}
