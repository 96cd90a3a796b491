extension DetectFeatures {
    static let rest = systems + "\n" + other

    /// Python, Go, Rust and the C family.
    static let systems = #"""
python
  ^ #!/usr/bin/env python 12
  ^ #!/usr/bin/python 12
  w def 3
  ^ # -0.3
  w self 1
  s self. 1.5
  ^ import 1
  ^ from 1.5
  w elif 5
  w None 3
  w True 1.5
  w False 1.5
  $ : 1
  s print( 1
  s __init__ 5
  s (self 4
  s self, 2
  s .append( 1.5
  s == None 4
  s return self 2
  s __name__ 5
  w lambda 2
  s """ 2
  w pass 2
  w except 4
  w raise 2
  s is not 3
  s not in 3
  w and 0.5
  w isinstance 4
  w kwargs 4
  w nonlocal 5
  s f" 1
  w cls 2
  s ): 0.5
  $ ; -2
  s { -0.5
  s } -0.5
  w func -3
  w fun -3
  w end -1
  w var -1
  w let -2
  s -> 0
go
  ^ package 1.5
  ^ func 2.5
  s func ( 4
  s := 4
  s fmt. 5
  s err != nil 7
  w nil 1.5
  s go func 6
  w chan 5
  w defer 2
  ^ import ( 5
  s struct { 2
  ^ type 1
  s []string 5
  s []byte 5
  s map[string] 6
  w range 2
  s <- 3
  w make 2
  s errors.New 6
  s unsafe.Pointer 6
  s , err 3
  s err error 5
  s ) error 4
  s nil, 3
  s []int 4
  w int64 1
  w uint64 1
  w int32 1
  w uint16 1
  w uint8 1
  s ]byte 3
  s *testing.T 8
  w fun -3
  w def -2
  w let -2
  w self -2
  $ ; -1
rust
  w fn 4
  s let mut 6
  w impl 4
  s pub fn 5
  s -> 1
  s :: 2
  s &self 6
  s &mut 5
  w Some 2
  w Err 1.5
  w match 1.5
  ^ use 2
  s use std:: 6
  s #[derive 8
  s #[ 3
  s println! 6
  s unwrap() 5
  s Vec< 4
  s &str 6
  w mut 4
  w pub 2
  w crate 5
  w trait 2
  s macro_rules! 8
  s .iter() 3
  w usize 5
  w u8 3
  w i32 3
  w u32 2
  w Option 2
  s ::new( 4
  w fun -3
  w def -2
  w func -3
c
  ^ #include 4
  s printf( 3
  s int main( 4
  w NULL 3
  s malloc( 5
  w sizeof 3
  w struct 1.5
  s char * 4
  ^ static 1
  w typedef 4
  w void 1
  ^ #define 3
  ^ #if 1
  ^ #endif 2
  s -> 1.5
  w unsigned 3
  w int 1
  w const 0.5
  $ ; 0.5
  w size_t 3
  s uint32_t 3
  s (void) 3
  s static inline 5
  ^ #ifdef 5
  ^ #ifndef 5
  s const char * 5
  s ; i++ 3
  s /* 1
  s */ 1
  w extern 2
  w fun -3
  w def -2
  w func -3
  w let -3
  w val -2
  w var -2
  s => -2
cpp < c
  s std:: 5
  s template< 6
  s template < 5
  s public: 6
  s private: 6
  s protected: 6
  w nullptr 7
  w auto 2
  s cout 5
  w namespace 4
  w class 1.5
  w virtual 5
  w override 2
  s const& 4
  w constexpr 6
  w noexcept 6
  w typename 5
  w template 3
  w operator 3
  w bool 1
  s :: 1.5
objc < c
  s @interface 8
  s @implementation 8
  s @property 6
  s @end 5
  s NSString 6
  s [self 5
  ^ #import 4
  s @" 5
  ^ - ( 4
  ^ + ( 3
  w YES 3
  s alloc] 6
"""#
}
