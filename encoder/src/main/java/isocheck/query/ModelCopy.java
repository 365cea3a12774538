package isocheck.query;

import com.microsoft.z3.Context;
import com.microsoft.z3.Model;
import com.microsoft.z3.Native;
import com.microsoft.z3.Z3Object;
import java.lang.reflect.Constructor;

/**
 * A model copied into a fresh context by Z3's {@code Z3_model_translate}, which builds the copy in
 * the target context only: the source context, where a solver may go on solving, gains no term. The
 * Java binding of Z3 4.11 has the native call but no public {@code Model#translate} and no public
 * constructor for the model it returns, so the wrapper is made through the package-private
 * constructor (allowed on the class path, where the binding is an unnamed module).
 */
record ModelCopy(Context context, Model model) implements AutoCloseable {

    private static final Constructor<Model> WRAP;

    static {
        try {
            WRAP = Model.class.getDeclaredConstructor(Context.class, long.class);
            WRAP.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static ModelCopy of(Model m, Context from) {
        Context to = new Context();
        try {
            long copied =
                    Native.modelTranslate(
                            from.nCtx(), Z3Object.arrayToNative(new Z3Object[] {m})[0], to.nCtx());
            return new ModelCopy(to, WRAP.newInstance(to, copied));
        } catch (ReflectiveOperationException e) {
            to.close();
            throw new IllegalStateException("cannot wrap a translated Z3 model", e);
        }
    }

    @Override
    public void close() {
        context.close();
    }
}
