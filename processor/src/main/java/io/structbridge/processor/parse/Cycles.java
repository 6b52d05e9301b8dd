package io.structbridge.processor.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/** Finds a nesting path from a struct record back to a given record. */
final class Cycles {
    private Cycles() {}

    /**
     * {@return the record names from {@code from} to {@code target} through nested components,
     * prefixed with {@code target}, or null if {@code target} is not reachable}
     */
    static List<String> find(TypeElement from, String target, Function<TypeMirror, TypeElement> structRecord, Types types) {
        List<String> path = new ArrayList<>();
        path.add(target);
        return walk(from, target, structRecord, new HashSet<>(), path) ? path : null;
    }

    private static boolean walk(TypeElement at, String target, Function<TypeMirror, TypeElement> structRecord,
                                Set<String> visited, List<String> path) {
        String name = at.getQualifiedName().toString();
        path.add(name);
        if (name.equals(target)) {
            return true;
        }
        if (visited.add(name)) {
            for (RecordComponentElement c : at.getRecordComponents()) {
                TypeMirror t = c.asType();
                while (t.getKind() == TypeKind.ARRAY) {
                    t = ((ArrayType) t).getComponentType();
                }
                TypeElement next = structRecord.apply(t);
                if (next != null && walk(next, target, structRecord, visited, path)) {
                    return true;
                }
            }
        }
        path.removeLast();
        return false;
    }
}
