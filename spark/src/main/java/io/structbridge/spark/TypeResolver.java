package io.structbridge.spark;

import io.structbridge.runtime.StructType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Finds the generated {@code StructType} of a record by class name: the class is loaded by name each time, its type
 * found by reflection once per class (a {@link ClassValue}), not again per scan or per split. A record {@code p.Outer.R} (binary name
 * {@code p.Outer$R}) has its type in {@code p.Outer_RStruct.TYPE}; the generated class may be named
 * directly.
 */
final class TypeResolver {
    private TypeResolver() {}

    /**
     * {@return the struct type named by {@code name}}
     *
     * @param name a record class or generated {@code RStruct} class, binary ({@code p.Outer$R}) or canonical ({@code p.Outer.R})
     * @throws IllegalArgumentException naming the class if it is missing or is no structbridge struct
     */
    static StructType<?> resolve(String name) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = TypeResolver.class.getClassLoader();
        }
        return TYPES.get(load(name, loader));
    }

    /** The struct type of each class, found once per class. */
    private static final ClassValue<StructType<?>> TYPES = new ClassValue<>() {
        @Override
        protected StructType<?> computeValue(Class<?> c) {
            return of(c);
        }
    };

    private static StructType<?> of(Class<?> c) {
        String name = c.getName();
        StructType<?> direct = typeField(c);
        if (direct != null) {
            return direct;
        }
        if (!c.isRecord()) {
            throw new IllegalArgumentException("structbridge: " + name + " is neither a @Struct record nor a generated RStruct class");
        }
        Deque<String> simple = new ArrayDeque<>();
        for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
            simple.addFirst(k.getSimpleName());
        }
        String generated = c.getPackageName().isEmpty() ? "" : c.getPackageName() + ".";
        generated += String.join("_", simple) + "Struct";
        Class<?> g;
        try {
            g = Class.forName(generated, true, c.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("structbridge: " + name + " has no generated " + generated
                    + " (is the record annotated with @Struct and compiled with the structbridge processor?)", e);
        }
        StructType<?> t = typeField(g);
        if (t == null || t.recordClass() != c) {
            throw new IllegalArgumentException("structbridge: " + generated + ".TYPE is not the struct type of " + name);
        }
        return t;
    }

    private static Class<?> load(String name, ClassLoader loader) {
        String n = name;
        while (true) {
            try {
                return Class.forName(n, false, loader);
            } catch (ClassNotFoundException e) {
                int dot = n.lastIndexOf('.');
                if (dot < 0) {
                    throw new IllegalArgumentException("structbridge: class " + name + " not found on the class path"
                            + " (on a cluster, ship the jar that holds it with --jars)", e);
                }
                n = n.substring(0, dot) + "$" + n.substring(dot + 1); // canonical p.Outer.R -> binary p.Outer$R
            }
        }
    }

    private static StructType<?> typeField(Class<?> c) {
        try {
            Field f = c.getField("TYPE");
            if (Modifier.isStatic(f.getModifiers()) && StructType.class.isAssignableFrom(f.getType())) {
                return (StructType<?>) f.get(null);
            }
            return null;
        } catch (NoSuchFieldException e) {
            return null;
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException("structbridge: " + c.getName() + ".TYPE is not accessible", e);
        }
    }
}
