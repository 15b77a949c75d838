-- module that stores its own value in package.loaded and returns nothing
package.loaded[...] = "set by module"
