package io.structbridge.processor.parse;

import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** Recognises pointer components ({@code @Pointer MemorySegment}) and explains their rules. */
final class Pointers {
    private Pointers() {}

    static final String NOT_A_SEGMENT = "@Pointer marks a java.lang.foreign.MemorySegment component, which holds the address; declare the component MemorySegment.";
    static final String NEEDS_POINTER = "a MemorySegment is stored as a C pointer only when annotated @Pointer (void *), @Pointer(cString = true) (char *) or @Pointer(target = T.class) (struct T *).";
    static final String SIZE_FIXED = "a pointer is 8 bytes on x86-64 and AArch64 (LP64) in native byte order; remove it.";

    static boolean isMemorySegment(TypeMirror t) {
        return t.getKind() == TypeKind.DECLARED
                && ((DeclaredType) t).asElement().toString().equals("java.lang.foreign.MemorySegment");
    }
}
